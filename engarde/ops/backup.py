"""A whole campaign in one file, and back: ``engarde backup FILE`` / ``engarde restore FILE``.

The file is a zip archive:

- ``manifest.json``: what it is (engarde's backup format, the campaign, the schema version
  its rows are written in, when, and how many rows of each table);
- ``tables/TABLE.jsonl``: every row of the campaign in each of its tables, one JSON object a
  line, in the order they were written (bytes in base64, times in ISO 8601), so a campaign
  moves between SQLite and PostgreSQL;
- ``mail/...``: the files of the campaign's orders folder (the raw mail itself is in the
  ``order_sheet`` rows).

Restoring loads the rows in one transaction into a database that does not hold the campaign
(or, with ``replace``, whose copy of it is deleted in that same transaction).  Rows get the
target database's own ids; a character's id is carried to every row that names it (ledger,
order sheets, the snapshots that undo a month), so the restored campaign is the same campaign:
the same sheets, ledger and gazette, and its last month can still be undone.
"""

from __future__ import annotations

import base64
import datetime as dt
import io
import json
import stat
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, DateTime, LargeBinary, Table, TypeDecorator, insert, select
from sqlmodel import Session, SQLModel

from .. import lock, queries, schema, store
from ..config import Campaign
from ..errors import CampaignError
from ..files import write_bytes_atomic

FORMAT = "engarde-backup"
FORMAT_VERSION = 1
# Every table of a campaign, parents first; ``tests/test_backup.py`` checks that no table of
# the models is forgotten (a table that is no campaign's own is listed in NOT_BACKED_UP).
TABLES = ("campaign", "character", "ledger", "event", "roll", "order_sheet", "turn", "cause_ruling", "sent_mail",
          "gm_note")
NOT_BACKED_UP: frozenset[str] = frozenset()
# The rows whose character ids are carried to the character's new id.
CHARACTER_ID_COLUMNS = {"ledger": "character_id", "order_sheet": "character_id", "sent_mail": "character_id"}


def _table(name: str) -> Table:
    return SQLModel.metadata.tables[name]


def _kind(column: Any) -> type:
    """What a column holds in Python (through a type decorator such as sqlmodel's UTCDateTime)."""
    kind = column.type
    if isinstance(kind, TypeDecorator):
        kind = kind.impl_instance
    if isinstance(kind, LargeBinary):
        return bytes
    if isinstance(kind, DateTime):
        return dt.datetime
    if isinstance(kind, JSON):
        return dict
    return object


def _plain(table: Table, row: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for column in table.columns:
        value = row[column.name]
        if value is not None and _kind(column) is bytes:
            value = base64.b64encode(value).decode("ascii")
        elif value is not None and _kind(column) is dt.datetime:
            value = value.isoformat()
        out[column.name] = value
    return out


def _typed(table: Table, data: dict[str, Any], where: str) -> dict[str, Any]:
    row: dict[str, Any] = {}
    names = {c.name for c in table.columns}
    unknown = set(data) - names
    if unknown:
        raise CampaignError(f"{where}: columns {', '.join(sorted(unknown))} are not in the table {table.name}")
    for column in table.columns:
        value = data.get(column.name)
        try:
            if value is not None and _kind(column) is bytes:
                value = base64.b64decode(value, validate=True)
            elif value is not None and _kind(column) is dt.datetime:
                value = dt.datetime.fromisoformat(value)
                if value.tzinfo is None:
                    value = value.replace(tzinfo=dt.timezone.utc)
            elif value is not None and _kind(column) is dict:
                value = value if isinstance(value, (dict, list)) else json.loads(value)
        except (ValueError, TypeError) as exc:
            raise CampaignError(f"{where}: the column {column.name} cannot be read ({exc})") from None
        row[column.name] = value
    return row


def _rows(s: Session, campaign_id: str, name: str) -> list[dict[str, Any]]:
    table = _table(name)
    key = table.c.id if name == "campaign" else table.c.campaign_id
    order = () if name == "campaign" else (table.c.id,)
    return [dict(r._mapping) for r in s.execute(select(table).where(key == campaign_id).order_by(*order))]


@dataclass
class Backup:
    path: Path
    counts: dict[str, int]
    mail: int


def backup(campaign: Campaign, path: Path) -> Backup:
    """Write the whole campaign to ``path`` (all-or-nothing: a temporary file renamed)."""
    # Never over the campaign's own files: a backup written over campaigns.toml or the database
    # it copies would lose the one to save the other.
    target = Path(path).resolve()
    if target == campaign.source.resolve():
        raise CampaignError(f"{path}: is the campaigns file; write the backup to another file")
    if target in {f.resolve() for f in store.sqlite_files(campaign.database)}:
        raise CampaignError(f"{path}: is the campaign's database (or a file SQLite keeps beside it); write the "
                            "backup to another file")
    counts: dict[str, int] = {}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        with lock.writing(campaign, "backup") as s:  # the campaign at a moment no command is writing it
            queries.campaign_row(s, campaign)
            for name in TABLES:
                table = _table(name)
                rows = _rows(s, campaign.id, name)
                counts[name] = len(rows)
                archive.writestr(f"tables/{name}.jsonl",
                                 "".join(json.dumps(_plain(table, r), ensure_ascii=False) + "\n"
                                         for r in rows))
        mail = 0
        folder = campaign.orders
        if folder is not None and folder.is_dir():
            for file in sorted(folder.rglob("*")):
                if file.is_file() and not file.is_symlink():
                    archive.write(file, f"mail/{file.relative_to(folder).as_posix()}")
                    mail += 1
        manifest = {"format": FORMAT, "version": FORMAT_VERSION, "campaign": campaign.id,
                    "schema": schema.HEAD, "written": dt.datetime.now(dt.timezone.utc).isoformat(),
                    "rows": counts, "mail": mail}
        archive.writestr("manifest.json", json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    write_bytes_atomic(path, buffer.getvalue())
    return Backup(path, counts, mail)


@dataclass
class Restored:
    campaign: str
    counts: dict[str, int]
    mail_restored: list[str] = field(default_factory=list)
    mail_kept: list[str] = field(default_factory=list)  # already there (never overwritten)


def _manifest(archive: zipfile.ZipFile, where: str) -> dict[str, Any]:
    try:
        manifest = json.loads(archive.read("manifest.json"))
    except KeyError:
        raise CampaignError(f"{where} is not an engarde backup (it has no manifest.json)") from None
    except ValueError as exc:
        raise CampaignError(f"{where}: manifest.json cannot be read ({exc})") from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise CampaignError(f"{where} is not an engarde backup")
    if manifest.get("version") != FORMAT_VERSION:
        raise CampaignError(f"{where} is a backup of format {manifest.get('version')!r}; this engarde reads "
                            f"format {FORMAT_VERSION}")
    return manifest


def restore(campaign: Campaign, path: Path, replace: bool = False) -> Restored:
    """Load the backup at ``path`` into the campaign's database, in one transaction."""
    where = str(path)
    try:
        mode = Path(path).stat().st_mode
    except OSError:
        mode = None  # said below, as opening it fails
    if mode is not None and not stat.S_ISREG(mode):
        # A FIFO waits for a writer, /dev/zero never ends: neither is opened.
        raise CampaignError(f"{where}: not a regular file (a folder, a FIFO or a device): it was not opened")
    try:
        archive = zipfile.ZipFile(path)
    except FileNotFoundError:
        raise CampaignError(f"{where}: no such file") from None
    except (zipfile.BadZipFile, OSError) as exc:
        raise CampaignError(f"{where} is not an engarde backup ({exc})") from None
    with archive:
        manifest = _manifest(archive, where)
        if manifest.get("campaign") != campaign.id:
            raise CampaignError(f"{where} is a backup of the campaign {manifest.get('campaign')!r}, not of "
                                f"{campaign.id!r} (restore it under its own id in campaigns.toml)")
        if manifest.get("schema") != schema.HEAD:
            raise CampaignError(f"{where} was written at schema version {manifest.get('schema')}; this engarde "
                                f"is at version {schema.HEAD}: restore it with the engarde that wrote it, then "
                                "upgrade that database with 'engarde db upgrade'")
        tables: dict[str, list[dict[str, Any]]] = {}
        for name in TABLES:
            member = f"tables/{name}.jsonl"
            try:
                text = archive.read(member).decode("utf-8")
            except KeyError:
                raise CampaignError(f"{where}: {member} is missing") from None
            except UnicodeDecodeError:
                raise CampaignError(f"{where}: {member} is not UTF-8") from None
            rows = []
            for number, line in enumerate(text.splitlines(), 1):
                try:
                    data = json.loads(line)
                except ValueError as exc:
                    raise CampaignError(f"{where}: {member} line {number}: {exc}") from None
                if not isinstance(data, dict):
                    raise CampaignError(f"{where}: {member} line {number}: not a row")
                rows.append(_typed(_table(name), data, f"{where}: {member} line {number}"))
            tables[name] = rows
        if [r["id"] for r in tables["campaign"]] != [campaign.id]:
            raise CampaignError(f"{where}: tables/campaign.jsonl must hold the one campaign {campaign.id!r}")
        counts = _load(campaign, tables, replace)
        restored = Restored(campaign.id, counts)
        _restore_mail(campaign, archive, restored)
    return restored


def _load(campaign: Campaign, tables: dict[str, list[dict[str, Any]]], replace: bool) -> dict[str, int]:
    with lock.writing(campaign, "restore", creating=True) as s:
        if s.get(store.CampaignRow, campaign.id) is not None:
            if not replace:
                raise CampaignError(f"the campaign {campaign.id!r} is already in {store.described(campaign.database)}: "
                                    "restore into an empty database, or give --replace to put the backup in its place")
            queries.delete_campaign(s, campaign.id)
            s.flush()
        new_ids: dict[int, int] = {}
        counts: dict[str, int] = {}
        for name in TABLES:
            table = _table(name)
            if name in ("campaign", "character"):  # one at a time: a character's new id is needed
                for row in tables[name]:
                    old_id = row["id"]
                    values = row if name == "campaign" else {k: v for k, v in row.items() if k != "id"}
                    result = s.execute(insert(table).values(**values))
                    if name == "character":
                        new_ids[old_id] = result.inserted_primary_key[0]
            else:
                rows = []
                for row in tables[name]:
                    row = {k: v for k, v in row.items() if k != "id"}  # in order: new ids keep the order
                    column = CHARACTER_ID_COLUMNS.get(name)
                    if column and row.get(column) is not None:
                        if row[column] not in new_ids:
                            raise CampaignError(f"a row of {name} names the character id {row[column]}, who is "
                                                "not in the backup")
                        row[column] = new_ids[row[column]]
                    if name == "turn":
                        row["snapshot"] = _snapshot_with(row["snapshot"], new_ids)
                    rows.append(row)
                for start in range(0, len(rows), 1000):
                    s.execute(insert(table), rows[start:start + 1000])
            counts[name] = len(tables[name])
    return counts


def _snapshot_with(snapshot: dict[str, Any], new_ids: dict[int, int]) -> dict[str, Any]:
    """A month's undo snapshot, naming each character by his new id."""
    out = dict(snapshot)
    out["characters"] = [dict(c, id=new_ids.get(c.get("id"), c.get("id"))) for c in snapshot.get("characters", [])]
    out["standing"] = {str(new_ids.get(int(k), k)): v for k, v in snapshot.get("standing", {}).items()}
    return out


def _restore_mail(campaign: Campaign, archive: zipfile.ZipFile, restored: Restored) -> None:
    folder = campaign.orders
    members = [m for m in archive.namelist() if m.startswith("mail/") and not m.endswith("/")]
    if folder is None or not members:
        return
    root = folder.resolve()
    for member in members:
        relative = member[len("mail/"):]
        target = (folder / relative).resolve()
        if root not in target.parents:  # a hostile archive's "../" never escapes the folder
            raise CampaignError(f"{archive.filename}: {member} would be written outside {folder}")
        if target.exists():
            restored.mail_kept.append(relative)
            continue
        write_bytes_atomic(target, archive.read(member))
        restored.mail_restored.append(relative)

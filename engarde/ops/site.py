"""``engarde site build``: the campaign's static web archive, read at one moment and written whole.

A month is published when it has been resolved and its gazette written (``engarde gazette``, the
file ``<newsletters>/<campaign>/<YYYY-MM>.html``) or mailed (``engarde mail publish``): a month
resolved but not yet given to the players stays out of the archive, and out of every character's
history.  Everything is read in one read-only transaction (``store.reading``: a reader, never a
month half written or undone meanwhile), rendered into memory, and only then written, each file
whole or not at all (``engarde.files``).
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from .. import gazette as gz
from .. import queries, site, store
from ..calendar import GameMonth
from ..collector import bulk_work
from ..config import Campaign
from ..errors import CampaignError
from ..progress import Tick, nothing
from ..records import Character
from ..store import CharacterRow
from ..registry import for_campaign
from .intake import active_sheets
from .publishing import gazette_data


def default_folder(campaign: Campaign) -> Path:
    """Beside the campaign's newsletters: ``<newsletters>/<campaign>-site``."""
    folder = gz.campaign_folder(campaign)
    return folder.with_name(folder.name + "-site")


@dataclass
class Built:
    folder: Path
    written: list[Path]
    issues: int
    characters: int
    seconds: float
    kept: int = 0  # issue pages already in the folder as they would be made (not made again)


@bulk_work()
def build(campaign: Campaign, folder: Path | None = None, base_url: str | None = None,
          tick: Tick = nothing, full: bool = False) -> Built:
    """Render the archive, then write it into ``folder`` (default: ``default_folder``).

    An issue page already in the folder, made from what its month would be made from now (its
    stamp in the folder's record, ``site.MANIFEST``) and unchanged since, is kept as it is;
    ``full``: every page made again."""
    started = time.perf_counter()
    folder = Path(folder) if folder is not None else default_folder(campaign)
    registry = for_campaign(campaign)
    newsletters = gz.campaign_folder(campaign)
    record = site.Manifest() if full else site.Manifest.read(folder)
    with store.reading(campaign.database) as s:
        camp = queries.campaign_row(s, campaign)
        turns = [t for t in queries.turns(s, campaign.id)
                 if t.mailed_at is not None or (newsletters / f"{t.month}.html").is_file()]
        if not turns:
            raise CampaignError("no month has been published yet: run 'engarde gazette' after 'engarde turn run'")
        rows = queries.characters(s, campaign.id)
        months = [GameMonth.parse(t.month) for t in turns]
        issues = site.issue_links(campaign, [(m, t.resolved_at) for m, t in zip(months, turns)])
        pages = site.Site(campaign, registry, issues)
        key = site.build_key(campaign, pages.env)
        last = GameMonth.parse(camp.current_month).previous()
        existed = {m: [r for r in rows if site.utc(r.created_at) <= site.utc(t.resolved_at)]
                   for m, t in zip(months, turns)}
        stamps = {m: site.issue_stamp(key, link, site.navigation(issues, at), t.seed,
                                      ((r.id, r.name) for r in existed[m]),
                                      (n.text for n in queries.notes(s, campaign.id, m)),
                                      camp.world if m == last else None)
                  for at, (m, t, link) in enumerate(zip(months, turns, issues))}
        to_make = {m for m, link in zip(months, issues) if not record.kept(folder, link.href, stamps[m])}
        chronicle = site.Chronicle(registry, site.page_slugs(r.name for r in rows))
        events = {m: queries.public_events(s, campaign.id, m, chronicle.codes) for m in months}
        sheets = {m: active_sheets(s, campaign, m, registry) for m in months if m in to_make}
        # The sheets at the end of the last published month are the sheets as they stand when
        # nothing was written since (the usual build, after the month's gazette); the months'
        # social levels and deaths then need only those fields of the ledger.  Otherwise (an
        # older issue to make, or a month resolved since) every sheet is carried forward whole.
        whole = bool(to_make - {months[-1]}) or queries.posted_after(s, campaign.id, months[-1])
        ledgers = queries.ledgers(s, campaign.id, None if whole else ("social_level", "state"), rows)
        final = None if whole else [store.sheet_as_it_stands(row) for row in rows]

    total = len(months) + len(rows)
    # Each man's sheet is carried forward month by month (his ledger applied once, in order),
    # not replayed from his start for every month.
    sheets_now = [_start(row) for row in rows]
    cursor = [0] * len(rows)
    for done, (month, link) in enumerate(zip(months, issues)):
        tick(done, total)
        for i, row in enumerate(rows):
            entries = ledgers.get(row.id, [])
            while cursor[i] < len(entries) and entries[cursor[i]].month <= month:
                entries[cursor[i]].apply(sheets_now[i])
                cursor[i] += 1
        names = {r.name for r in existed[month]}
        if month in to_make:
            # the one builder of a month's gazette data, so the archive's issue is the gazette
            # itself, with the men who were in the campaign that month
            at_end = final if final is not None else [_copy(ch) for ch in sheets_now]
            data = gazette_data(campaign, month, sheets[month], characters=[ch for ch in at_end if ch.name in names])
            record.made(link.href, stamps[month], pages.issue(data))
        chronicle.month(month, sheets_now, events[month], names)
    chronicle.close(final if final is not None else sheets_now)
    pages.index()
    pages.feed(base_url)
    lives = chronicle.shown()
    pages.characters(lives, lambda d, _t: tick(len(months) + d, total))
    pages.files[PurePosixPath(site.MANIFEST)] = record.to_bytes(link.href for link in issues)
    written = _write(folder, pages.files)
    return Built(folder, written, len(months), len(lives), time.perf_counter() - started,
                 kept=len(months) - len(to_make))


def _copy(ch: Character) -> Character:
    """A sheet as it stands (its one mutable field, the counters, copied too): five times
    quicker than a deep copy, which counts at 10,000 men a month."""
    kept = copy.copy(ch)
    kept.counters = dict(ch.counters)
    return kept


def _start(row: CharacterRow) -> Character:
    ch = Character.from_dict(row.start)
    ch.name = row.name
    ch.id = row.id
    ch.counters = dict(ch.counters)
    return ch


def _write(folder: Path, rendered: dict[PurePosixPath, bytes]) -> list[Path]:
    """The rendered pages written under ``folder`` as one batch (``files.write_many``): every new
    file on the disk before the first replaces an old one, each whole or not at all; the paths
    written (a page already there as made is not)."""
    if folder.exists() and not folder.is_dir():
        raise CampaignError(f"{folder}: is a file, not a folder: engarde cannot write the site there")
    paths = [(folder.joinpath(*rel.parts), data) for rel, data in sorted(rendered.items())]
    for path, _ in paths:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):
            blocking = next((p for p in path.parents if p.exists() and not p.is_dir()), path.parent)
            raise CampaignError(f"{blocking}: is a file, not a folder: engarde cannot write the site there") from None
        except OSError as exc:
            raise CampaignError(f"cannot make {exc.filename or path.parent}: {(exc.strerror or str(exc)).lower()}") from None
        if path.is_dir():
            raise CampaignError(f"{path}: is a folder, not a file: engarde cannot write the site there")
    # a page made the same as its file is not written again: its file, and its time, stay (a
    # host synchronised from the folder sends only what changed)
    changed = [(path, data) for path, data in paths if not _same(path, data)]
    try:
        return gz.write_files(changed)
    except OSError as exc:
        raise CampaignError(f"cannot write {exc.filename or folder}: {(exc.strerror or str(exc)).lower()}") from None


def _same(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False

"""The gazette of a resolved month, and every player's report, written."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .. import gazette as gz
from sqlmodel import Session

from .. import files, lock, queries
from ..calendar import GameMonth
from ..config import Campaign
from ..errors import CampaignError
from ..progress import Tick, nothing
from ..records import Character
from ..registry import for_campaign
from ..collector import bulk_work
from .intake import month_sheets
from .month_facts import month_facts
from .sheet_template import order_templates
from .views import characters_at_end_of, month_events, month_ledger, month_seed


@bulk_work()
def publish(campaign: Campaign, month: GameMonth | None = None, pdf: bool = True, reports: bool = True,
            report_pdf: bool = False, tick: Tick = nothing) -> list[Path]:
    """Write the gazette of a resolved month (default: the last), HTML and PDF if asked, and the
    players' reports (each also as a PDF with ``report_pdf``).  Under the campaign's lock: no month is resolved or undone while the
    gazette reads it and its files are written."""
    _newsletters_folder(campaign)
    job: gz.PdfJob | None = None
    try:
        with lock.writing(campaign, "gazette") as s, files.Batch() as batch:
            # The PDF's child started first (once the lock is held: a command waiting for it, or
            # killed while it waits, has no child): it readies WeasyPrint while the month is
            # read, then makes the PDF on the other core while the reports render.
            job = gz.PdfJob() if pdf else None
            month = resolved_month(s, campaign, month)
            data = gazette_data(campaign, month, month_sheets(campaign, month))
            # Everything is rendered before a file is put in place: a template that fails, or
            # the PDF, changes no file.
            rendered, pdf_path = gz.start_gazette(data, job)
            if reports:
                rendered += gz.report_files(data, month_ledger(campaign, month), pdf=report_pdf,
                                            sheets=next_sheets(s, campaign, data), tick=tick)
            _write(campaign, batch, rendered)  # on the disk while the PDF is still being made
            if job is not None:
                _write(campaign, batch, [(pdf_path, job.result())])
            return _commit(campaign, batch)
    finally:
        if job is not None:
            job.close()


def _write(campaign: Campaign, batch: files.Batch, rendered: list[tuple[Path, bytes]]) -> None:
    """The rendered files written (each whole, not yet in place), their folders made: one line
    if they cannot be."""
    for folder in dict.fromkeys(path.parent for path, _ in rendered):
        _folder_for(campaign, folder)
    for path, _ in rendered:
        if path.is_dir():
            raise CampaignError(f"{path}: is a folder, not a file: engarde cannot write the gazette there")
    with _writing(campaign):
        batch.write(rendered)


def _commit(campaign: Campaign, batch: files.Batch) -> list[Path]:
    with _writing(campaign):
        return batch.commit()


@contextmanager
def _writing(campaign: Campaign) -> Iterator[None]:
    """A file that cannot be written said in one line naming it."""
    try:
        yield
    except OSError as exc:
        raise CampaignError(f"{campaign.key('newsletters')}: cannot write {exc.filename or campaign.newsletters}: "
                            f"{(exc.strerror or str(exc)).lower()}") from None


def next_sheets(s: Session, campaign: Campaign, data: gz.GazetteData) -> dict[str, str]:
    """Next month's order sheet of each living man, for the end of his report (as mailed)."""
    rows = {r.name: r for r in queries.characters(s, campaign.id)}
    return order_templates(s, campaign, [rows[ch.name] for ch in data.characters if not ch.dead], data.month.next(),
                           before=data.sheets)  # the month's sheets, read for the gazette already


def resolved_month(s: Session, campaign: Campaign, month: GameMonth | None) -> GameMonth:
    """``month`` if it has been resolved, else the last month resolved when none is named; a
    month not resolved is refused naming those that are."""
    resolved = [GameMonth.parse(t.month) for t in queries.turns(s, campaign.id)]
    if not resolved:
        raise CampaignError("no month has been resolved yet: run 'engarde turn run' first")
    month = month or resolved[-1]
    if month not in resolved:
        raise CampaignError(f"{month} has not been resolved (resolved: {', '.join(map(str, resolved))})")
    return month


def gazette_data(campaign: Campaign, month: GameMonth, sheets: dict,
                 characters: list[Character] | None = None) -> gz.GazetteData:
    """What the gazette and the reports of a resolved month are rendered from; ``characters``:
    the sheets at the month's end when the caller has them already (the web archive carries them
    forward month by month instead of replaying every ledger for each)."""
    facts = month_facts(campaign, month)
    if characters is None:
        characters = characters_at_end_of(campaign, month)
    return gz.GazetteData(campaign=campaign, month=month, characters=characters,
                          events=month_events(campaign, month), sheets=sheets, registry=for_campaign(campaign),
                          seed=month_seed(campaign, month), social_levels=facts.chart, facts=facts)


def _newsletters_folder(campaign: Campaign) -> None:
    folder = Path(campaign.newsletters)
    if folder.exists() and not folder.is_dir():
        raise CampaignError(f"{campaign.key('newsletters')}: {folder} is a file, not a folder")


def _folder_for(campaign: Campaign, folder: Path) -> None:
    """``folder`` made if need be, and writable; else the one line saying which part is wrong."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        blocking = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), folder)
        raise CampaignError(f"{campaign.key('newsletters')}: {blocking} is a file, not a folder") from None
    except OSError as exc:
        raise CampaignError(f"{campaign.key('newsletters')}: cannot make {exc.filename or folder}: "
                            f"{(exc.strerror or str(exc)).lower()}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CampaignError(f"{campaign.key('newsletters')}: cannot write in {folder}: permission denied")

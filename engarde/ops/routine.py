"""The GM's routine at a deadline (``engarde deadline``): the existing operations, in order.

1. the order mail read (``ingest``/``ingest_imap``: the campaign's orders folder, its IMAP
   folder when it has one, or the source given);
2. the confirmations mailed (``mailing.send_confirmations``), when the campaign sends mail;
3. a stop when a sheet read just now has problems (the GM looks at them; run again, the
   sheets are duplicates and the routine goes on);
4. a month resolved before whose gazette or reports are not all out (a run stopped after the
   month was resolved): its gazette written and its reports mailed first;
5. the deadline passed (else the reminders mailed once within ``mail.remind_before`` of it,
   and a stop, unless forced), the NMR check (``refuse_mass_nmr``), the
   month resolved (``run_turn``), the gazette and reports written (``publish``) and mailed
   (``mailing.send_publication``).

Each step is one library operation that takes the campaign's lock itself; the routine holds
none between them, so another command may run between two steps (``run_turn`` re-checks what
it decides on under its lock).  Each step says one line through ``say``.  The routine ends
with a ``Routine``: done, or stopped at the step that needs the GM with the one line saying
what to do (``NEEDS_GM``).  What cannot run at all (no such source, SMTP settings that do not
work) is raised as the library's usual one-line errors.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext

from ..calendar import GameMonth
from ..config import Campaign
from ..deadlines import describe
from ..errors import CampaignError
from ..gazette import campaign_folder
from ..progress import Tick, nothing
from ..postman import password_of, settings_of, tls_context
from ..store import ACCEPTED, DUPLICATE, FAILED, HELD, REJECTED, SKIPPED
from . import mailing
from .intake import IngestResult, ingest, ingest_imap, missing_orders, month_deadline
from .publishing import publish
from .turns import refuse_mass_nmr, resolved_months, run_turn
from .views import current_month, list_characters

NEEDS_GM = 1  # the exit status of a stop that needs the GM

Say = Callable[[str], None]
# A progress bar for a long step (engarde.terminal.progress): its description in, a tick out.
Bar = Callable[[str], AbstractContextManager[Tick]]


def quiet(description: str) -> AbstractContextManager[Tick]:
    """No progress shown (the library's default)."""
    return nullcontext(nothing)


@dataclass
class Routine:
    """What a run of the routine did: its progress lines, and where it stopped (``stop``: the
    line saying what to do; empty when it ran to its end)."""

    lines: list[str] = field(default_factory=list)
    stop: str = ""
    resolved: GameMonth | None = None  # the month this run resolved
    published: GameMonth | None = None  # the month whose gazette (and mail) this run put out

    @property
    def done(self) -> bool:
        return not self.stop


class _Stop(Exception):
    pass


def deadline(campaign: Campaign, *, source: Path | None = None, force: bool = False, mail: bool = True,
             dry_run: Path | None = None, pdf: bool = True, say: Say | None = None,
             now: dt.datetime | None = None, bar: Bar = quiet) -> Routine:
    """Run the GM's routine for the month to resolve (see the module's note).

    ``mail``: send mail when the campaign has SMTP settings (False: send none, say which
    command sends it); ``dry_run``: write the messages to that folder instead of sending them
    (nothing recorded); ``force``: resolve the month before its deadline (or without a
    deadline schedule) and with most of the characters silent; ``bar``: how a long step shows
    its progress (the CLI's progress bar at a terminal).
    """
    run = Routine()

    def line(text: str) -> None:
        run.lines.append(text)
        if say is not None:
            say(text)

    sending = dry_run is not None or (mail and campaign.mail.smtp is not None)
    if sending and dry_run is None:  # SMTP settings that cannot work: said before anything is read
        smtp = settings_of(campaign)
        password_of(campaign, smtp)
        tls_context(campaign, smtp)
    try:
        _run(campaign, run, line, bar, source, force, sending, dry_run, pdf,
             now or dt.datetime.now(dt.timezone.utc))
    except _Stop as stop:
        run.stop = str(stop)
    return run


def _run(campaign: Campaign, run: Routine, line: Say, bar: Bar, source: Path | None, force: bool, sending: bool,
         dry_run: Path | None, pdf: bool, now: dt.datetime) -> None:
    # 1. The mail in.
    with bar("Reading the order mail") as tick:
        results, where = _ingest(campaign, source, tick)
    problems = [r for r in results if r.status != SKIPPED and (r.errors or r.status == REJECTED)]
    line(_ingested(results, where, len(problems)))
    new = [r for r in results if r.status not in (DUPLICATE, SKIPPED)]
    looked_at = ""
    if problems:
        shown = ", ".join(f"{r.source} ({r.character or '?'})" for r in problems[:5])
        more = f" and {len(problems) - 5} more" if len(problems) > 5 else ""
        looked_at = (f"{len(problems)} sheet(s) read just now have problems: {shown}{more}. Look at them "
                     "('engarde orders list --status rejected', 'engarde orders confirmations')")
    # 2. The confirmations.
    if sending:
        with bar("Mailing the confirmations") as tick:
            outcomes = mailing.send_confirmations(campaign, dry_run=dry_run, tick=tick)
        line(_mailed("confirmation(s)", outcomes, dry_run))
        _stop_on_failure(outcomes, "confirmation", looked_at)
    elif not new:
        line("confirmations: none new to send")
    else:
        line(f"confirmations: {len(new)} to send, not mailed: "
             + ("'engarde mail confirmations' mails them (--no-mail)" if campaign.mail.smtp is not None else
                "'engarde orders confirmations' prints them for you to send (no [mail.smtp] settings)"))
    # 3. Sheets with problems: the GM looks before the month is resolved.
    if looked_at:
        raise _Stop(f"{looked_at}, then run 'engarde deadline' again to go on (they are not read twice)")
    # 4. A month resolved before whose publication is not all out.
    months = resolved_months(campaign)
    if months and not _published(campaign, months[-1], sending and dry_run is None, pdf):
        line(f"{months[-1]}: already resolved, its publication not all out: publishing it now")
        _publish(campaign, run, line, bar, months[-1], sending, dry_run, pdf)
        # One month a run: never the next one resolved on the heels of the last (not even with --force,
        # which the run that stopped may have needed for its own month).
        status_month, due = _month_and_deadline(campaign)
        line(f"{status_month}: its deadline is {describe(due, campaign.timezone)}; run 'engarde deadline' again "
             "to resolve it" if due is not None else
             f"{status_month}: run 'engarde deadline --force' to resolve it when its orders are in")
        return
    # 5. The month to resolve.
    status_month, due = _month_and_deadline(campaign)
    if due is None and not force:
        raise _Stop(f"{status_month}: the campaign has no deadline schedule, so engarde cannot tell the month is "
                    "over: run 'engarde deadline --force' to resolve it")
    if due is not None and now < due and not force:
        _remind(campaign, line, bar, due, now, sending, dry_run)
        done = f"{months[-1]} is resolved and published; " if months else ""
        raise _Stop(f"{done}the deadline for {status_month} is {describe(due, campaign.timezone)}, not yet passed: "
                    "run 'engarde deadline' after it (or --force to resolve the month now)")
    missing = missing_orders(campaign)
    living = [ch for ch in list_characters(campaign) if not ch.dead]
    try:
        refuse_mass_nmr(campaign, status_month, len(living), missing, force)
    except CampaignError as exc:
        raise _Stop(str(exc).replace("run the turn with --force", "run 'engarde deadline --force'")) from None
    line(f"orders: {len(living) - len(missing)} of {len(living)} character(s) have orders in"
         + (f"; none from {', '.join(missing)} (standing orders, else rest)" if missing else ""))
    report = run_turn(campaign, force=force)
    run.resolved = report.month
    line(f"resolved {report.month} (seed {report.seed}): {report.sheets} order sheet(s), "
         f"{len(report.characters)} character(s), {len(report.events)} event(s)")
    _publish(campaign, run, line, bar, report.month, sending, dry_run, pdf)


def _remind(campaign: Campaign, line: Say, bar: Bar, due: dt.datetime, now: dt.datetime, sending: bool,
            dry_run: Path | None) -> None:
    """Before the deadline: the reminders (``engarde mail reminders``) once within the campaign's
    ``mail.remind_before`` of it; each man reminded once (the sent-mail record), however often
    the routine runs."""
    before = campaign.mail.remind_before
    if due - now > before:
        line(f"reminders: not yet (they go within {mailing.hours_text(before)} of the deadline, mail.remind_before)")
        return
    if not sending:
        line("reminders: not mailed " + ("(--no-mail): 'engarde mail reminders' mails them" if campaign.mail.smtp
                                         is not None else "(no [mail.smtp] settings): 'engarde orders missing' "
                                         "lists who has not written"))
        return
    with bar("Mailing the reminders") as tick:
        outcomes = mailing.send_reminders(campaign, before, dry_run=dry_run, now=now, tick=tick)
    line(_mailed("reminder(s)", outcomes, dry_run))
    _stop_on_failure(outcomes, "reminder")


def _ingest(campaign: Campaign, source: Path | None, tick: Tick) -> tuple[list[IngestResult], str]:
    if source is not None:
        return ingest(campaign, source, tick), str(source)
    if campaign.mail.imap is not None:
        imap = campaign.mail.imap
        return ingest_imap(campaign, tick=tick), f"IMAP {imap.host}/{imap.folder}"
    folder = campaign.orders_folder()
    if folder is None:
        raise CampaignError(f"{campaign.key('orders')}: missing, and no [mail.imap] settings: the routine does "
                            "not know where the order mail is (give --source)")
    return ingest(campaign, folder, tick), str(folder)


def _ingested(results: list[IngestResult], where: str, problems: int) -> str:
    counts = {k: sum(r.status == k for r in results) for k in (ACCEPTED, HELD, DUPLICATE, SKIPPED)}
    messages = len(results) - counts[SKIPPED]
    new = messages - counts[DUPLICATE]
    text = (f"ingest: {new} new message(s) from {where}: {counts[ACCEPTED]} accepted, {counts[HELD]} held, "
            f"{problems} with problems; {counts[DUPLICATE]} read before")
    return text + (f"; {counts[SKIPPED]} file(s) not read" if counts[SKIPPED] else "")


def _mailed(what: str, outcomes: list[mailing.Outcome], dry_run: Path | None) -> str:
    counts: dict[str, int] = {}
    for o in outcomes:
        counts[o.status] = counts.get(o.status, 0) + 1
    verb = f"written to {dry_run}" if dry_run is not None else "mailed"
    summary = ", ".join(f"{n} {status}" for status, n in counts.items()) or "nothing new to send"
    return f"{what} {verb}: {summary}"


def _stop_on_failure(outcomes: list[mailing.Outcome], what: str, also: str = "") -> None:
    """A stop when a message failed; ``also``: what else the GM is to look at before running again
    (the sheets with problems, which the run again will not stop for: it reads them as duplicates)."""
    failed = [o for o in outcomes if o.status == FAILED]
    if failed:
        raise _Stop(f"{len(failed)} {what}(s) not sent: {failed[0].error}. "
                    + (f"Also, {looked(also)}. " if also else "")
                    + "Fix the cause, then run 'engarde deadline' again (what was sent is not sent twice; the "
                    "failed ones are tried again)")


def looked(text: str) -> str:
    return text[:1].lower() + text[1:]


def _month_and_deadline(campaign: Campaign) -> tuple[GameMonth, dt.datetime | None]:
    month = current_month(campaign)
    return month, month_deadline(campaign, month)


def _published(campaign: Campaign, month: GameMonth, mailed: bool, pdf: bool) -> bool:
    """Whether ``month``'s gazette is written and (``mailed``) its publication recorded as mailed
    (``mailing.send_publication`` with nothing failed, whether or not it had anyone to mail)."""
    folder = campaign_folder(campaign)
    if not (folder / f"{month.key}.html").is_file() or (pdf and not (folder / f"{month.key}.pdf").is_file()):
        return False
    return not mailed or mailing.publication_mailed(campaign, month)


def _publish(campaign: Campaign, run: Routine, line: Say, bar: Bar, month: GameMonth, sending: bool,
             dry_run: Path | None, pdf: bool) -> None:
    with bar(f"Writing the gazette of {month} and the reports") as tick:
        paths = publish(campaign, month, pdf=pdf, tick=tick)
    run.published = month
    reports = sum(p.parent.name == month.key for p in paths)
    line(f"gazette of {month} written ({', '.join(p.name for p in paths if p.parent.name != month.key)}) "
         f"with {reports} report(s), in {campaign_folder(campaign)}")
    if sending:
        with bar("Mailing the reports and the gazette") as tick:
            outcomes = mailing.send_publication(campaign, month, dry_run=dry_run, tick=tick)
        line(_mailed("reports and gazette", outcomes, dry_run))
        _stop_on_failure(outcomes, "message")
    else:
        line(f"reports: not mailed ({'--no-mail' if campaign.mail.smtp is not None else 'no [mail.smtp] settings'}): "
             f"'engarde mail publish \"{month}\"' mails them")

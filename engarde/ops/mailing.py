"""Mail out: what engarde sends at a deadline, to whom, and the record of every message.

Each command decides its letters (engarde.letters.Letter) under the campaign's lock, from the
database as it stands: a confirmation for each stored sheet, a reminder for each man with no
sheet, each man's private report, the gazette for its readers, a welcome.  A letter goes only
to the address on record for its own character (never one a sheet claims), or to a reader of
the campaign's ``readers`` list.

Every message is recorded in ``sent_mail`` (engarde.store.SentMailRow) by what it is: a letter
recorded as sent is not sent again; one that failed is tried again on the next run, and said.
Each message is its own transaction under the lock: checked, sent, recorded, committed.  A
command killed between the server's acceptance of a message and that commit has sent it
without recording it, and the next run sends it again: at most one message twice, never one
lost.  ``dry_run``: the messages are written as .eml files to a folder and nothing is recorded.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from sqlmodel import Session, select

from .. import gazette as gz
from .. import durations, letters, lock, queries, store
from ..calendar import GameMonth
from ..config import Campaign
from ..deadlines import describe
from ..errors import CampaignError
from ..letters import Attachment, Letter
from ..postman import Postman, SendError, password_of, settings_of, tls_context
from ..progress import Tick, nothing
from ..registry import for_campaign
from ..store import ACCEPTED, FAILED, HELD, REJECTED, SENT, SUPERSEDED, SentMailRow
from .intake import active_sheets, schedule
from .publishing import gazette_data, next_sheets, resolved_month
from .sheet_template import order_templates
from .views import month_ledger
from .welcome import welcome_text

# What a run did with each letter (Outcome.status).
WRITTEN, ALREADY, SKIPPED_NO_ADDRESS = "written", "already sent", "no address"

# The sheets that get a confirmation: every one a player sent that was stored and read.
CONFIRMED = (ACCEPTED, HELD, REJECTED, SUPERSEDED)


@dataclass(frozen=True)
class Outcome:
    kind: str
    to: str
    character: str | None
    subject: str
    status: str  # sent | failed | written (--dry-run) | already sent | no address
    error: str = ""
    retried: bool = False  # it had failed before
    path: Path | None = None  # --dry-run: the .eml file

    @property
    def line(self) -> str:
        who = self.character or self.to
        where = f" <{self.to}>" if self.character and self.to else ""
        extra = f": {self.error}" if self.error else (f" ({self.path})" if self.path else "")
        again = " (tried again)" if self.retried else ""
        return f"{self.status:<12} {self.kind:<12} {who}{where}{again}{extra}"


# -- what each command sends ---------------------------------------------------------------------


def _character_address(row: store.CharacterRow | None) -> str:
    return (row.email or "").strip() if row is not None else ""


def confirmation_letters(s: Session, campaign: Campaign, month: GameMonth | None = None
                         ) -> tuple[list[Letter], list[Outcome]]:
    """A confirmation for each stored sheet of ``month`` (default: the month to resolve and the
    months after it, for sheets held), to the address on record of the character it names."""
    current = month or queries.current_month(s, campaign)
    rows = s.exec(select(store.SheetRow).where(store.SheetRow.campaign_id == campaign.id,
                                               store.SheetRow.status.in_(CONFIRMED))
                  .order_by(store.SheetRow.id)).all()
    out: list[Letter] = []
    skipped: list[Outcome] = []
    for row in rows:
        if (row.month != current.key) if month is not None else (row.month < current.key):
            continue
        character = s.get(store.CharacterRow, row.character_id) if row.character_id is not None else None
        if character is None or character.campaign_id != campaign.id:
            named = (row.parsed or {}).get("character")
            character = queries.character_named(s, campaign.id, named) if isinstance(named, str) and named else None
        if character is None:
            continue  # a sheet for no known character: nobody to tell
        address = _character_address(character)
        replying = "Re: " if letters.MESSAGE_ID.fullmatch((row.message_id or "").strip()) else ""
        subject = f"{replying}Orders of {character.name} for {GameMonth.parse(row.month)}: {row.status}"
        if not address:
            skipped.append(Outcome("confirmation", "", character.name, subject, SKIPPED_NO_ADDRESS,
                                   "no address on record: hand it to the player"))
            continue
        out.append(Letter("confirmation", f"sheet {row.digest}", address, character.player or character.name,
                          subject, row.confirmation or "", month=row.month, character=character.name,
                          character_id=character.id, reply_to_id=row.message_id or ""))
    return out, skipped


def reminder_letters(s: Session, campaign: Campaign, now: dt.datetime, before: dt.timedelta, force: bool
                     ) -> tuple[list[Letter], list[Outcome]]:
    """A reminder for each living character with no sheet for the month to resolve, with his sheet
    to fill in; refused outside the ``before`` hours ahead of the deadline unless ``force``."""
    camp = queries.campaign_row(s, campaign)
    month = GameMonth.parse(camp.current_month)
    deadline = schedule(campaign, camp).deadline(month)
    if not force:
        if deadline is None:
            raise CampaignError(f"the campaign has no deadline schedule ({campaign.key('deadlines')}): nothing to "
                                "remind anyone of; --force sends the reminders all the same")
        if now >= deadline:
            raise CampaignError(f"the deadline of {month} has passed ({describe(deadline, campaign.timezone)}): "
                                "--force sends the reminders all the same")
        if deadline - now > before:
            raise CampaignError(f"the deadline of {month} is {describe(deadline, campaign.timezone)}, more than "
                                f"{hours_text(before)} away: reminders go out within {hours_text(before)} of it (--before), "
                                "or with --force")
    have = set(active_sheets(s, campaign, month, for_campaign(campaign)))
    when = f" by {describe(deadline, campaign.timezone)}" if deadline is not None else ""
    out: list[Letter] = []
    skipped: list[Outcome] = []
    missing = [row for row in queries.characters(s, campaign.id) if row.name not in have and not queries.is_dead(row)]
    templates = order_templates(s, campaign, missing, month)
    for row in missing:
        subject = f"{campaign.name}: your orders for {month}, please{when}"
        address = _character_address(row)
        if not address:
            skipped.append(Outcome("reminder", "", row.name, subject, SKIPPED_NO_ADDRESS))
            continue
        text = (f"{row.player or row.name},\n\nengarde has no orders of {row.name} for {month}. Send them{when} "
                f"from {address}: the sheet attached is yours, ready to fill in (your password and the four "
                "weeks).\n\nWithout orders he follows his standing orders on file, else rests.\n")
        template = templates[row.name]
        out.append(Letter("reminder", f"{month.key} {row.name}", address, row.player or row.name, subject, text,
                          month=month.key, character=row.name, character_id=row.id,
                          attachments=(Attachment(f"orders-{gz.slugify(row.name)}-{month.key}.txt",
                                                  template.encode("utf-8"), "text", "plain"),)))
    return out, skipped


def hours_text(span: dt.timedelta) -> str:
    hours = span.total_seconds() / 3600
    return f"{hours:g} hours" if hours != 1 else "1 hour"


def publish_letters(s: Session, campaign: Campaign, month: GameMonth | None = None
                    ) -> tuple[list[Letter], list[Outcome]]:
    """Each man's private report of a resolved month (default: the last) to him alone, HTML with
    a plain-text alternative and next month's sheet at its end, the gazette's PDF attached when
    it has been written; and the gazette alone to each of the campaign's readers."""
    month = resolved_month(s, campaign, month)
    data = gazette_data(campaign, month, _month_sheets(s, campaign, month))
    ledger = month_ledger(campaign, month)
    env = gz.environment(campaign, data.modules())
    folder = gz.campaign_folder(campaign)
    pdf_path = folder / f"{month.key}.pdf"
    pdf = pdf_path.read_bytes() if pdf_path.is_file() else None
    attached = (Attachment(f"{gz.slugify(campaign.newspaper)}-{month.key}.pdf", pdf, "application", "pdf"),) \
        if pdf is not None else ()
    rows = {r.name: r for r in queries.characters(s, campaign.id)}
    next_month = month.next()
    # The month grouped by man and each man's next sheet, once for every report.
    grouped = gz.Grouped.of(data, ledger)
    sheets = next_sheets(s, campaign, data)
    out: list[Letter] = []
    skipped: list[Outcome] = []
    for ch in gz.reported(data):
        row = rows[ch.name]
        subject = f"{campaign.newspaper}, {month}: the private report of {ch.name}"
        address = _character_address(row)
        if not address:
            skipped.append(Outcome("report", "", ch.name, subject, SKIPPED_NO_ADDRESS))
            continue
        html = gz.render_report(data, ch.name, ledger, env=env, grouped=grouped)
        text = letters.plain_text(html)
        if not ch.dead:
            sheet = sheets[ch.name]
            text += f"\n--- Your orders for {next_month}: reply with this sheet filled in ---\n{sheet}"
            html = gz.with_order_sheet(html, next_month, sheet)
        out.append(Letter("report", f"{month.key} {ch.name}", address, row.player or ch.name, subject, text,
                          month=month.key, character=ch.name, character_id=row.id, html=html,
                          attachments=attached))
    if campaign.mail.readers:
        page = gz.render_html(data)
        text = letters.plain_text(page)
        subject = f"{campaign.newspaper}, {month}"
        for reader in campaign.mail.readers:
            out.append(Letter("gazette", f"{month.key} {reader.casefold()}", reader, "", subject, text,
                              month=month.key, html=page, attachments=attached))
    return out, skipped


def _month_sheets(s: Session, campaign: Campaign, month: GameMonth) -> dict:
    return active_sheets(s, campaign, month, for_campaign(campaign))


def welcome_letters(s: Session, campaign: Campaign, names: tuple[str, ...], password: str | None
                    ) -> tuple[list[Letter], list[Outcome]]:
    """Each living character who has had no welcome (or those named) gets his welcome text.  Only
    a hash of his password is kept, so it is in the welcome only when given (``password``, for one
    character, checked against the hash): such a welcome is sent once per password."""
    if password is not None and len(names) != 1:
        raise CampaignError("--password is one character's: name him (engarde mail welcome NAME --password P)")
    rows = [queries.find_character(s, campaign, n) for n in names] if names else [
        r for r in queries.characters(s, campaign.id) if not queries.is_dead(r)]
    welcomed = {r.character_id for r in s.exec(select(SentMailRow).where(
        SentMailRow.campaign_id == campaign.id, SentMailRow.kind == "welcome", SentMailRow.status == SENT))}
    out: list[Letter] = []
    skipped: list[Outcome] = []
    for row in rows:
        subject = f"{campaign.name}: welcome, {row.name}"
        if password is None and row.id in welcomed:
            continue
        address = _character_address(row)
        if not address:
            skipped.append(Outcome("welcome", "", row.name, subject, SKIPPED_NO_ADDRESS))
            continue
        # The welcome with a password is keyed by the password's stored hash (never the password):
        # a new password (the GM's reset) makes a new welcome; the same one is not sent twice.
        key = f"{row.name}" if password is None else f"{row.name} password {_fingerprint(row.password)}"
        text = welcome_text(campaign, row.name, password)
        out.append(Letter("welcome", key, address, row.player or row.name, subject, text, character=row.name,
                          character_id=row.id))
    return out, skipped


def _fingerprint(stored_hash: str) -> str:
    """A short mark of a stored password hash (salted scrypt): it changes with the password, and
    says nothing of it that the hash does not."""
    return hashlib.sha256(stored_hash.encode("utf-8")).hexdigest()[:12]


# -- sending and the record ---------------------------------------------------------------------------


def _record(s: Session, campaign: Campaign, letter: Letter) -> SentMailRow | None:
    return s.exec(select(SentMailRow).where(SentMailRow.campaign_id == campaign.id, SentMailRow.kind == letter.kind,
                                            SentMailRow.key == letter.key)).first()


Planner = Callable[[Session], tuple[list[Letter], list[Outcome]]]


def deliver(campaign: Campaign, action: str, plan: Planner, *, dry_run: Path | None = None,
            now: dt.datetime | None = None, tick: Tick = nothing) -> list[Outcome]:
    """Decide the letters (``plan``, under the campaign's lock) and send each one not yet sent,
    recording it; ``dry_run``: write them to that folder instead, recording nothing."""
    if dry_run is not None:
        with store.reading(campaign.database) as s:
            due, skipped = plan(s)
            due = [x for x in due if (r := _record(s, campaign, x)) is None or r.status != SENT]
        return skipped + _write_all(campaign, due, dry_run)
    smtp = settings_of(campaign)
    password = password_of(campaign, smtp)
    context = tls_context(campaign, smtp)
    with lock.writing(campaign, action) as s:
        due, skipped = plan(s)
        due = [x for x in due if (r := _record(s, campaign, x)) is None or r.status != SENT]
    outcomes = list(skipped)
    postman = Postman(smtp, password, context)
    try:
        for done, letter in enumerate(due):
            tick(done, len(due))
            outcomes.append(_send_one(campaign, action, postman, letter, now))
        tick(len(due), len(due))
    finally:
        postman.close()
    return outcomes


def _send_one(campaign: Campaign, action: str, postman: Postman, letter: Letter, now: dt.datetime | None
              ) -> Outcome:
    with lock.writing(campaign, action) as s:
        row = _record(s, campaign, letter)
        if row is not None and row.status == SENT:  # another run sent it meanwhile
            return Outcome(letter.kind, letter.to, letter.character, letter.subject, ALREADY)
        retried = row is not None
        message_id, error = "", ""
        try:
            msg = letters.build(letter, campaign, postman.smtp, now)
            message_id = str(msg["Message-ID"])
            postman.send(msg, letter.to.strip())
            status = SENT
        except SendError as exc:
            status, error = FAILED, str(exc)
        except ValueError as exc:  # an address on record that is no address
            status, error = FAILED, f"not sent: {exc}"
        row = row or SentMailRow(campaign_id=campaign.id, kind=letter.kind, key=letter.key, address=letter.to)
        row.month, row.character_id, row.address = letter.month, letter.character_id, letter.to
        row.subject, row.message_id, row.status, row.error = letter.subject, message_id, status, error
        row.attempts += 1
        row.sent_at = now or store.utcnow()
        s.add(row)
    return Outcome(letter.kind, letter.to, letter.character, letter.subject, status, error, retried)


def _write_all(campaign: Campaign, due: list[Letter], folder: Path) -> list[Outcome]:
    if folder.exists() and not folder.is_dir():
        raise CampaignError(f"{folder}: is not a folder (--dry-run names the folder the messages are written to)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CampaignError(f"{folder}: cannot make the folder: {(exc.strerror or str(exc)).lower()}") from None
    smtp = campaign.mail.smtp
    start = len([p for p in folder.glob("*.eml")])
    outcomes = []
    for i, letter in enumerate(due, start + 1):
        try:
            msg = letters.build(letter, campaign, smtp)
        except ValueError as exc:
            outcomes.append(Outcome(letter.kind, letter.to, letter.character, letter.subject, FAILED,
                                    f"not written: {exc}"))
            continue
        try:
            path = letters.write_eml(folder, letters.eml_name(i, letter), msg)
        except OSError as exc:
            raise CampaignError(f"{folder}: cannot write {exc.filename or folder}: "
                                f"{(exc.strerror or str(exc)).lower()}") from None
        outcomes.append(Outcome(letter.kind, letter.to, letter.character, letter.subject, WRITTEN, path=path))
    return outcomes


# -- the commands' operations ---------------------------------------------------------------------------


def send_confirmations(campaign: Campaign, month: GameMonth | None = None, *, dry_run: Path | None = None,
                       tick: Tick = nothing) -> list[Outcome]:
    return deliver(campaign, "mail-confirmations", lambda s: confirmation_letters(s, campaign, month),
                   dry_run=dry_run, tick=tick)


def send_reminders(campaign: Campaign, before: dt.timedelta, *, force: bool = False, dry_run: Path | None = None,
                   now: dt.datetime | None = None, tick: Tick = nothing) -> list[Outcome]:
    moment = now or dt.datetime.now(dt.timezone.utc)
    return deliver(campaign, "mail-reminders", lambda s: reminder_letters(s, campaign, moment, before, force),
                   dry_run=dry_run, now=now, tick=tick)


def send_publication(campaign: Campaign, month: GameMonth | None = None, *, dry_run: Path | None = None,
                     tick: Tick = nothing) -> list[Outcome]:
    """Each man's report and the readers' gazette of a resolved month (default: the last); once
    none failed (there may have been none to send), the month's publication is recorded as mailed
    (``turn.mailed_at``: what ``engarde deadline`` judges it published by)."""
    chosen: list[GameMonth] = []  # the month the letters are of, decided under the lock

    def plan(s: Session) -> tuple[list[Letter], list[Outcome]]:
        chosen.append(resolved_month(s, campaign, month))
        return publish_letters(s, campaign, chosen[-1])

    outcomes = deliver(campaign, "mail-publish", plan, dry_run=dry_run, tick=tick)
    if dry_run is None and chosen and not any(o.status == FAILED for o in outcomes):
        with lock.writing(campaign, "mail-publish") as s:
            turn = next((t for t in queries.turns(s, campaign.id) if t.month == chosen[-1].key), None)
            if turn is not None and turn.mailed_at is None:  # None: the month undone meanwhile
                turn.mailed_at = store.utcnow()
                s.add(turn)
    return outcomes


def publication_mailed(campaign: Campaign, month: GameMonth) -> bool:
    """Whether ``month``'s publication went out by mail (``send_publication`` with nothing failed)."""
    with store.reading(campaign.database) as s:
        return any(t.month == month.key and t.mailed_at is not None for t in queries.turns(s, campaign.id))


def send_welcomes(campaign: Campaign, names: tuple[str, ...] = (), password: str | None = None, *,
                  dry_run: Path | None = None, tick: Tick = nothing) -> list[Outcome]:
    return deliver(campaign, "mail-welcome", lambda s: welcome_letters(s, campaign, names, password),
                   dry_run=dry_run, tick=tick)


def sent_mail(campaign: Campaign) -> list[SentMailRow]:
    """Every message recorded, oldest first."""
    with store.reading(campaign.database) as s:
        return list(s.exec(select(SentMailRow).where(SentMailRow.campaign_id == campaign.id)
                           .order_by(SentMailRow.id)))


def parse_before(text: str) -> dt.timedelta:
    """``48h``, ``2d``, ``36``: how long before the deadline reminders may go (hours by default)."""
    try:
        return durations.span(text)
    except ValueError as exc:
        raise CampaignError(f"--before {text!r}: {exc}") from None

"""Hostile mail (issue 10, items 1, 6 and 10): one message, file or header that engarde cannot
use never stops the others, a message is mail or text because of where it came from, and only
regular files are ever opened.

Every case goes through the real sources (a folder, an mbox file, a Maildir, Dovecot over IMAP)
into a throwaway SQLite campaign (and the real PostgreSQL where a database refused a value).
"""

from __future__ import annotations

import base64
import email.utils
import datetime as dt
import mailbox
import os
import socket
import subprocess
import sys
import time
from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest
from sqlmodel import select

from engarde import codes, ops, store
from engarde import registry as registry_module
from engarde.config import load_one
from engarde.grammar import verb
from engarde.intake import Message, read_message
from engarde.modules import RuleModule
from engarde.rules.creation.rules import given_character
from engarde.sources import read_path
from engarde.store import SheetRow
from engarde.tables import Tables
from imap_server import serving

ROOT = Path(__file__).resolve().parent.parent
UTC = dt.timezone.utc

PORTHOS = "Character: Porthos\nPassword: sack\nWeek 1: Practise rapier\nWeek 2: rest\n"
ATHOS = "Character: Athos\nPassword: honour\nWeek 1: rest\n"


def campaign_file(folder: Path, cid: str = "t", extra: str = "") -> Path:
    (folder / "mail").mkdir(exist_ok=True)
    path = folder / "campaigns.toml"
    path.write_text(
        f'[campaigns.{cid}]\nname = "T"\nfirst_month = "April 1607"\nseed = "t"\norders = "mail"\n'
        'deadlines = "FREQ=WEEKLY;BYDAY=FR;BYHOUR=18"\ntimezone = "Europe/Paris"\n' + extra)
    return path


def make_campaign(folder: Path, cid: str = "t", extra: str = ""):
    """Porthos (paul@example.org, password 'sack') and Athos (henri@example.org, password 'honour')."""
    camp = load_one(campaign_file(folder, cid, extra), cid)
    ops.init(camp)
    for name, address, password in (("Porthos", "paul@example.org", "sack"), ("Athos", "henri@example.org", "honour")):
        ops.add_character(camp, given_character(Tables(), name, email=address, social_level=6, crowns=200,
                                                strength=10, constitution=10, expertise=10, military_ability=3),
                          password=password)
    return camp


@pytest.fixture
def camp(tmp_path):
    return make_campaign(tmp_path)


# An hour ago: before the campaign's next deadline (its weekly deadlines run from now).
AN_HOUR_AGO = email.utils.format_datetime(dt.datetime.now(UTC) - dt.timedelta(hours=1))


def mail(frm: str, body: str, date: str | None = AN_HOUR_AGO, **headers: str) -> bytes:
    m = EmailMessage()
    m["From"] = frm
    m["To"] = "gm@example.org"
    m["Subject"] = "orders"
    for key, value in headers.items():
        m[key.replace("_", "-")] = value
    m.set_content(body)
    # the Date as written: the email package would blank one it cannot parse
    return (f"Date: {date}\n".encode() if date is not None else b"") + m.as_bytes(policy=policy.default)


def raw_mail(headers: bytes, body: str = PORTHOS) -> bytes:
    """A mail written byte by byte (the email package would refuse to write most of these)."""
    return headers + b"\n" + body.encode()


def rows(camp) -> list[SheetRow]:
    with store.transaction(camp.database) as s:
        return list(s.exec(select(SheetRow).where(SheetRow.campaign_id == camp.id).order_by(SheetRow.id)))


def by_name(results) -> dict[str, object]:
    return {Path(r.source.split("#")[0]).name + ("#" + r.source.split("#")[1] if "#" in r.source else ""): r
            for r in results}


def run_cli(config: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    """The engarde command in its own process: a command that would hang fails the test, not the suite."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]))
    return subprocess.run([sys.executable, "-m", "engarde.cli", "--config", str(config), *args],
                          capture_output=True, text=True, timeout=timeout, env=env, cwd=config.parent)


# The dates of issue 10, item 1: each made ingest fail (OverflowError) or was used as if true.
BAD_DATES = {
    "year 9999 behind UTC": "Fri, 31 Dec 9999 23:00:00 -0500",
    "the last second of year 9999": "Fri, 31 Dec 9999 23:59:59 +0000",
    "year 9999": "Fri, 01 Jan 9999 00:00:00 +0000",
    "year 100": "Mon, 01 Jan 100 00:00:00 +0100",
    "offset +9959": "Tue, 29 Jan 2030 10:00:00 +9959",
    "offset -2400": "Tue, 29 Jan 2030 10:00:00 -2400",
    "offset +2359": "Tue, 29 Jan 2030 10:00:00 +2359",
    "offset -1500": "Tue, 29 Jan 2030 10:00:00 -1500",
}


# -- 1. one bad date never stops intake ---------------------------------------------------------


@pytest.mark.parametrize("case", list(BAD_DATES))
def test_a_date_engarde_cannot_use_is_not_trusted_and_stops_nothing(camp, case):
    """Issue 10, item 1: a Date far in the future, far in the past or with an offset no zone has is
    not trusted: the arrival time is used instead, with a note saying why, and the other message of
    the batch is stored as usual (before: OverflowError, nothing stored; or the date used as is)."""
    folder = camp.orders
    (folder / "a.eml").write_bytes(mail("paul@example.org", PORTHOS, date=BAD_DATES[case]))
    (folder / "b.eml").write_bytes(mail("henri@example.org", ATHOS))
    arrived = int(time.time()) - 3600  # an hour ago, before the campaign's next deadline
    os.utime(folder / "a.eml", (arrived, arrived))
    results = by_name(ops.ingest(camp, folder))
    a, b = results["a.eml"], results["b.eml"]
    assert a.status == ops.ACCEPTED and b.status == ops.ACCEPTED
    [note] = [n for n in a.notes if "not trusted" in n]
    assert note.endswith(": its arrival time is used instead")
    row = next(r for r in rows(camp) if r.source.endswith("a.eml"))
    assert row.received_by == "its arrival time"
    assert store_utc(row.received) == dt.datetime.fromtimestamp(arrived, UTC)
    assert "not trusted" in row.confirmation


def store_utc(moment: dt.datetime) -> dt.datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def test_a_date_years_ahead_of_the_reading_is_not_trusted(camp):
    """Issue 10, item 1: a Date more than ten years after the time engarde reads the message is
    not trusted (before: the sheet was held for a month years ahead)."""
    now = dt.datetime.now(UTC)
    arrived = now - dt.timedelta(hours=1)
    ahead = email.utils.format_datetime(now + dt.timedelta(days=16 * 365))
    msg = read_message(mail("paul@example.org", PORTHOS, date=ahead), "a.eml", arrived=arrived)
    when, by, [note] = msg.when(now)
    assert (when, by) == (arrived, "its arrival time")
    assert "is not trusted: it is more than ten years after the time it was read" in note
    [result] = ops.ingest_messages(camp, [msg], now=now)
    assert result.status == ops.ACCEPTED


def test_an_arrival_time_out_of_range_falls_back_to_the_time_of_reading(camp):
    """Issue 10, item 1: an mbox "From " line of year 1 (or a file dated 2400) is not trusted either:
    with no usable Date, the time engarde read the message is used, with a note."""
    box = mailbox.mbox(str(camp.orders.parent / "in.mbox"))
    first = mailbox.mboxMessage(mail("paul@example.org", PORTHOS, date=None))
    first.set_from("paul@example.org Mon Jan  1 00:00:00 0001")
    box.add(first)
    box.add(mailbox.mboxMessage(mail("henri@example.org", ATHOS)))
    box.close()
    (camp.orders / "late.eml").write_bytes(mail("paul@example.org", PORTHOS.replace("rest", "rest."), date=None))
    os.utime(camp.orders / "late.eml", (13_569_465_600, 13_569_465_600))  # 1 January 2400
    results = ops.ingest_messages(camp, read_path(camp.orders.parent / "in.mbox") + read_path(camp.orders))
    assert [r.status for r in results] == [ops.ACCEPTED] * 3  # Porthos's later sheet replaces his first
    notes = [n for r in results for n in r.notes if "not trusted" in n]
    assert len(notes) == 2 and all(n.endswith("the time it was read is used instead") for n in notes)
    assert "its arrival time (0001-01-01 00:00:00+00:00) is not trusted" in notes[0] + notes[1]
    assert [r.received_by for r in rows(camp) if r.sender == "paul@example.org"] == ["the time it was read"] * 2


def test_bad_dates_in_an_mbox_stop_nothing(camp):
    """Issue 10, item 1, from an mbox file: every message of the box is stored."""
    box = mailbox.mbox(str(camp.orders.parent / "in.mbox"))
    for date in BAD_DATES.values():
        box.add(mailbox.mboxMessage(mail("paul@example.org", PORTHOS, date=date)))
    box.add(mailbox.mboxMessage(mail("henri@example.org", ATHOS)))
    box.close()
    results = ops.ingest(camp, camp.orders.parent / "in.mbox")
    assert len(results) == len(BAD_DATES) + 1 and len(rows(camp)) == len(BAD_DATES) + 1
    assert {r.status for r in results} <= {ops.ACCEPTED, ops.SUPERSEDED}


def test_bad_dates_in_a_maildir_stop_nothing(camp):
    """Issue 10, item 1, from a Maildir: every message is stored; read again, each is a duplicate."""
    root = camp.orders.parent / "Maildir"
    box = mailbox.Maildir(str(root))
    for date in BAD_DATES.values():
        box.add(mail("paul@example.org", PORTHOS, date=date))
    box.add(mail("henri@example.org", ATHOS))
    results = ops.ingest(camp, root)
    assert len(results) == len(BAD_DATES) + 1 and len(rows(camp)) == len(BAD_DATES) + 1
    assert [r.status for r in ops.ingest(camp, root)] == [ops.DUPLICATE] * (len(BAD_DATES) + 1)


@pytest.fixture
def dovecot_with_bad_dates():
    messages = [mail("paul@example.org", PORTHOS, date=d) for d in BAD_DATES.values()]
    messages.append(mail("henri@example.org", ATHOS))
    messages.append(raw_mail(b"From: paul@example.org\nX Odd Header: 1\n"))
    with serving(messages) as server:
        yield server


def test_bad_mail_over_imap_stops_nothing_and_is_not_read_again(tmp_path, dovecot_with_bad_dates, monkeypatch):
    """Issue 10, item 1, from IMAP (a real Dovecot): every message is stored (the unreadable one as
    rejected, with its reason), so the next ingest finds only duplicates (before: OverflowError,
    nothing stored, and every later ingest failed the same way, the mail staying on the server)."""
    server = dovecot_with_bad_dates
    camp = make_campaign(tmp_path, extra=(
        f'[campaigns.t.mail.imap]\nhost = "127.0.0.1"\nport = {server.port}\nssl = false\nuser = "gm"\n'
        'timeout = 5\npassword_env = "TEST_IMAP_PASSWORD"\n'))
    config = tmp_path / "campaigns.toml"
    monkeypatch.setenv("TEST_IMAP_PASSWORD", server.password)
    first = run_cli(config, "orders", "ingest", "--imap")
    assert first.returncode == 1, first.stdout + first.stderr  # the odd header: a problem the GM must read
    assert "Traceback" not in first.stderr
    assert f"{len(BAD_DATES) + 2} message(s)" in first.stdout
    assert len(rows(camp)) == len(BAD_DATES) + 2
    [odd] = [r for r in rows(camp) if r.status == "rejected"]
    assert "line 2 of its headers is not a header field" in odd.reason
    again = run_cli(config, "orders", "ingest", "--imap")
    assert again.stdout.count("duplicate") == len(BAD_DATES) + 2, again.stdout + again.stderr


# -- 1. any message engarde fails on is quarantined --------------------------------------------


def _explode(m, r):
    raise ValueError("a bug in a module's grammar")


BUGGY = RuleModule(name="buggy", title="A module with a bug (the tests')", house=True,
                   verbs=(verb("explode", r"explode\b.*", _explode, ("explode",), after="rest"),))


@pytest.fixture
def buggy():
    registry_module.register(BUGGY)
    yield BUGGY
    registry_module.unregister("buggy")


def test_a_message_engarde_fails_on_is_quarantined_and_the_batch_goes_on(tmp_path, buggy):
    """Issue 10, item 1: a message that cannot be read or decided (here a module's grammar raises
    on it) is stored as rejected, with a reason naming the problem; every other message of the
    batch is stored normally, and reading it again is a duplicate, not a new failure."""
    camp = make_campaign(tmp_path, extra='house_rules = ["buggy"]\n')
    folder = tmp_path / "mail"
    (folder / "a.eml").write_bytes(mail("paul@example.org", PORTHOS + "Week 3: explode\n"))
    (folder / "b.eml").write_bytes(mail("henri@example.org", ATHOS))
    results = by_name(ops.ingest(camp, folder))
    assert results["b.eml"].status == ops.ACCEPTED
    bad = results["a.eml"]
    assert bad.status == ops.REJECTED and [e.code for e in bad.errors] == [codes.E_QUARANTINED]
    assert "ValueError: a bug in a module's grammar" in bad.errors[0].message
    stored = {Path(r.source).name: r for r in rows(camp)}
    assert stored["a.eml"].status == "rejected" and "a bug in a module's grammar" in stored["a.eml"].reason
    received = (folder / "a.eml").read_bytes()  # kept as received, its password withheld
    assert stored["a.eml"].raw == received.replace(b"Password: sack", b"Password: [withheld]")
    assert stored["b.eml"].status == "accepted"
    assert [r.status for r in ops.ingest(camp, folder)] == [ops.DUPLICATE, ops.DUPLICATE]


NUL_MAILS = {
    "a base64 body holding NUL bytes": raw_mail(
        b"From: paul@example.org\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n",
        base64.b64encode(PORTHOS.replace("sack", "sa\x00ck").encode() + b"\x00" * 8).decode()),
    "a quoted-printable =00 in the body": raw_mail(
        b"From: paul@example.org\nContent-Transfer-Encoding: quoted-printable\n", PORTHOS + "=00=00\n"),
    "a NUL after the first 4 KB of the body": raw_mail(b"From: paul@example.org\n", "x" * 5000 + "\x00\n" + PORTHOS),
    "an attachment named with a NUL (RFC 2231)": raw_mail(
        b"From: paul@example.org\nContent-Type: multipart/mixed; boundary=x\n",
        f"--x\nContent-Type: text/plain\n\n{PORTHOS}\n--x\nContent-Type: application/pdf\n"
        "Content-Disposition: attachment; filename*=utf-8''a%00b.pdf\n\nxx\n--x--\n"),
    "a charset that decodes to NUL and lone surrogates": raw_mail(
        b"From: paul@example.org\nContent-Type: text/plain; charset=unicode_escape\n",
        PORTHOS + "\\x00 \\ud800\n"),
}


@pytest.mark.parametrize("case", list(NUL_MAILS))
def test_nul_bytes_and_lone_surrogates_are_stored_on_postgresql(tmp_path, postgres_url, case):
    """Issue 10, item 1, on the real PostgreSQL, whose text columns refuse NUL: the message is
    stored (its text without the NUL, a note saying so) and so is the rest of the batch (before:
    psycopg.DataError, nothing of the batch stored)."""
    cid = "nul" + str(list(NUL_MAILS).index(case))
    camp = make_campaign(tmp_path, cid, extra=f'database = "{postgres_url}"\n')
    results = ops.ingest_messages(camp, [read_message(NUL_MAILS[case], "a.eml"),
                                         read_message(mail("henri@example.org", ATHOS), "b.eml")])
    assert [r.status for r in results if r.source == "b.eml"] == [ops.ACCEPTED]
    stored = rows(camp)
    assert len(stored) == 2 and all("\x00" not in r.text for r in stored)


# -- 6. mail or text is decided by the source ---------------------------------------------------


def test_a_mail_with_one_odd_header_is_refused_not_read_as_text(camp):
    """Issue 10, item 6: an .eml with a header line that is no header is refused with the reason
    (before: read as a plain text file, so Porthos's sheet from Athos's address was accepted on
    the password alone, the sender check skipped)."""
    folder = camp.orders
    (folder / "a.eml").write_bytes(raw_mail(b"From: henri@example.org\nX Odd Header: 1\nSubject: o\n"))
    [r] = ops.ingest(camp, folder)
    assert r.status == ops.REJECTED and [e.code for e in r.errors] == [codes.E_BAD_MAIL]
    assert "line 2 of its headers is not a header field: 'X Odd Header: 1'" in r.errors[0].message


@pytest.mark.parametrize("padding", [
    b"X-Pad: " + b"a" * 70000 + b"\n",                                   # a header block over 64 KB
    b"".join(b"X-H%d: v\n" % i for i in range(8000)),                    # thousands of headers
    b"Received: from a\n" + b" by b\n" * 20000,                          # one header folded forever
])
def test_a_mail_with_huge_headers_is_still_mail(camp, padding):
    """Issue 10, item 6: however large its headers, a .eml is mail and its sender is checked
    (before: past 64 KB of headers it was read as text and accepted on the password alone)."""
    (camp.orders / "a.eml").write_bytes(raw_mail(b"From: henri@example.org\n" + padding))
    [r] = ops.ingest(camp, camp.orders)
    assert r.status == ops.REJECTED and [e.code for e in r.errors] == [codes.E_UNKNOWN_SENDER]


@pytest.mark.parametrize("header", [
    b"From: " + b", ".join(b"x%d@example.org" % i for i in range(5000)),
    b"Subject: " + b"=?utf-8?q?a?= " * 100000,
    b"Content-Type: text/plain; charset=utf-8; " + b"x=y; " * 20000,
    b"Message-ID: <" + b"a" * 200000 + b">",
])
def test_a_header_engarde_reads_is_refused_past_its_limit(camp, header):
    """Issue 10, item 1 (huge headers): a From, Subject, Content-Type or Message-ID of hundreds of KB
    is refused with its size, quickly (before: read as text, or seconds to minutes of parsing and
    gigabytes of memory for one header of encoded words)."""
    data = raw_mail(b"From: henri@example.org\n" + header + b"\n" if not header.startswith(b"From:")
                    else header + b"\n")
    [r] = ops.ingest_messages(camp, [read_message(data, "a.eml")])
    assert r.status == ops.REJECTED and [e.code for e in r.errors] == [codes.E_BAD_MAIL]
    assert "header is" in r.errors[0].message and "bytes long" in r.errors[0].message


def test_a_mail_with_two_from_headers_is_refused(camp):
    """Issue 10, item 6: who sent a mail with two From headers cannot be told: refused."""
    data = raw_mail(b"From: paul@example.org\nFrom: henri@example.org\n")
    [r] = ops.ingest_messages(camp, [read_message(data, "a.eml")])
    assert r.status == ops.REJECTED and "2 From headers" in r.errors[0].message


def nested(depth: int) -> bytes:
    head, tail = b"", b""
    for i in range(depth):
        head += b"Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n" % (i, i)
        tail = b"\n--b%d--\n" % i + tail
    return b"From: paul@example.org\n" + head + b"Content-Type: text/plain\n\n" + PORTHOS.encode() + tail


def test_deeply_nested_parts_are_refused(camp):
    """Issue 10, item 1 (nested multiparts): parts nested deeper than a mail client makes are refused
    with the reason (before: read; at a thousand levels, a RecursionError)."""
    [r] = ops.ingest_messages(camp, [read_message(nested(30), "a.eml")])
    assert r.status == ops.REJECTED and "nested more than 20 deep" in r.errors[0].message


@pytest.mark.parametrize("data", [
    b"From: paul@example.org\nContent-Type: multipart/mixed; boundary=x\n\n"
    + b"--x\nContent-Type: text/plain\n\nhi\n" * 150 + b"--x--\n",
    b"From: paul@example.org\nContent-Type: multipart/mixed; boundary=x\n\n" + b"--x\n\nhi\n" * 200000 + b"--x--\n",
    nested(3000),
])
def test_a_mail_of_too_many_parts_is_refused(camp, data):
    """Issue 10, item 1 (attachments): a mail of more parts than order mail ever has is refused, before
    it is parsed when there are thousands (before: a minute of parsing for 5 MB of tiny parts)."""
    [r] = ops.ingest_messages(camp, [read_message(data, "a.eml")])
    assert r.status == ops.REJECTED and "more than 100 parts" in r.errors[0].message


def test_a_text_file_is_the_gms_typing_and_an_extensionless_file_is_mail(camp):
    """Issue 10, item 6: in an orders folder a .txt file is text (its header-like lines are
    ignored before 'Character:'), a file without an extension is mail (as a mail program saves it),
    and a file of any other extension is not read, with a line saying so."""
    folder = camp.orders
    (folder / "typed.txt").write_bytes(raw_mail(b"From: henri@example.org\nSubject: o\n"))
    (folder / "saved").write_bytes(raw_mail(b"From: henri@example.org\nSubject: saved\n"))
    (folder / "notes.md").write_text(PORTHOS)
    results = by_name(ops.ingest(camp, folder))
    assert results["typed.txt"].status == ops.ACCEPTED  # taken on the password
    assert [e.code for e in results["saved"].errors] == [codes.E_UNKNOWN_SENDER]
    assert results["notes.md"].status == ops.SKIPPED and not results["notes.md"].errors
    assert "not an order file" in results["notes.md"].notes[0]
    assert len(rows(camp)) == 2


def test_every_message_of_an_mbox_is_mail(camp):
    """Issue 10, item 6: a message in an mbox without headers is refused as mail, never read as text."""
    box = camp.orders.parent / "in.mbox"
    box.write_bytes(b"From paul@example.org Tue Jan 29 10:00:00 2030\n" + PORTHOS.encode() + b"\n")
    [r] = ops.ingest(camp, box)
    assert r.status == ops.REJECTED and [e.code for e in r.errors] == [codes.E_BAD_MAIL]
    assert "line 3 of its headers is not a header field" in r.errors[0].message


def test_a_file_that_is_not_an_mbox_is_refused_as_a_source(camp, tmp_path):
    """Issue 10, item 6: a regular file given to ingest that is no mbox is refused, not read as an
    empty mailbox (before: '0 message(s)'); a single .eml or .txt file is read as itself."""
    (tmp_path / "notes.md").write_text(PORTHOS)
    with pytest.raises(ops.CampaignError, match=r"notes\.md: not an mbox file"):
        ops.ingest(camp, tmp_path / "notes.md")
    (tmp_path / "one.eml").write_bytes(mail("paul@example.org", PORTHOS))
    assert [r.status for r in ops.ingest(camp, tmp_path / "one.eml")] == [ops.ACCEPTED]


def test_orders_check_reads_a_file_as_its_name_says(tmp_path):
    """Issue 10, item 6: `orders check` follows the same rule: an .eml with an odd header is
    refused with the reason (exit 1), never checked as text; a .md file is no order file (exit 2)."""
    config = campaign_file(tmp_path)
    (tmp_path / "odd.eml").write_bytes(raw_mail(b"From: henri@example.org\nX Odd Header: 1\n"))
    out = run_cli(config, "orders", "check", str(tmp_path / "odd.eml"))
    assert out.returncode == 1 and "line 2 of its headers is not a header field" in out.stdout, out
    assert "Every line was understood" not in out.stdout
    (tmp_path / "sheet.md").write_text(PORTHOS)
    out = run_cli(config, "orders", "check", str(tmp_path / "sheet.md"))
    assert out.returncode == 2 and "not an order file" in out.stderr and "Traceback" not in out.stderr


# -- 10. only regular files are opened ----------------------------------------------------------


def test_a_fifo_in_the_orders_folder_is_skipped_never_opened(camp):
    """Issue 10, item 10: a FIFO is skipped with a line saying so (before: opening it hung)."""
    folder = camp.orders
    os.mkfifo(folder / "pipe.eml")
    (folder / "b.eml").write_bytes(mail("henri@example.org", ATHOS))
    out = run_cli(folder.parent / "campaigns.toml", "orders", "ingest")
    assert out.returncode == 1, out
    assert "skipped" in out.stdout and "pipe.eml" in out.stdout and "a FIFO" in out.stdout
    assert "accepted" in out.stdout and len(rows(camp)) == 1


def test_a_fifo_given_to_orders_check_is_refused(tmp_path):
    """Issue 10, item 10: `orders check FIFO` says what it is, exit 2 (before: it hung)."""
    config = campaign_file(tmp_path)
    os.mkfifo(tmp_path / "pipe.eml")
    out = run_cli(config, "orders", "check", str(tmp_path / "pipe.eml"))
    assert out.returncode == 2 and "a FIFO" in out.stderr and "Traceback" not in out.stderr, out


def test_a_socket_in_the_orders_folder_is_skipped(camp):
    """Issue 10, item 10: a socket is skipped with a line."""
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(camp.orders / "s.eml"))
        [r] = ops.ingest(camp, camp.orders)
    assert r.status == ops.SKIPPED and [e.code for e in r.errors] == [codes.E_NOT_READ]
    assert "a socket" in r.errors[0].message


def test_a_link_out_of_the_folder_is_not_followed(camp, tmp_path):
    """Issue 10, item 10: a symbolic link is followed only to a regular file inside the folder; a
    link to a device (/dev/zero: before, read until memory ran out) or to a file elsewhere is
    skipped with a line, a link inside the folder is read."""
    folder = camp.orders
    os.symlink("/dev/zero", folder / "zero.eml")
    (tmp_path / "elsewhere.eml").write_bytes(mail("henri@example.org", ATHOS))
    os.symlink(tmp_path / "elsewhere.eml", folder / "out.eml")
    (folder / "real.eml").write_bytes(mail("paul@example.org", PORTHOS))
    os.symlink("real.eml", folder / "inside.eml")
    os.symlink("gone.eml", folder / "broken.eml")
    results = by_name(ops.ingest(camp, folder))
    assert results["zero.eml"].status == ops.SKIPPED and "outside the folder" in results["zero.eml"].errors[0].message
    assert results["out.eml"].status == ops.SKIPPED and "outside the folder" in results["out.eml"].errors[0].message
    assert results["broken.eml"].status == ops.SKIPPED and "does not exist" in results["broken.eml"].errors[0].message
    assert {results["real.eml"].status, results["inside.eml"].status} == {ops.ACCEPTED, ops.DUPLICATE}


def test_a_directory_named_like_mail_is_skipped(camp):
    """Issue 10, item 10: a folder named foo.eml is skipped with a line, never a traceback."""
    (camp.orders / "foo.eml").mkdir()
    [r] = ops.ingest(camp, camp.orders)
    assert r.status == ops.SKIPPED and "a folder" in r.errors[0].message


def test_an_unreadable_file_is_skipped_with_the_reason(camp):
    """Issue 10, item 10: a file engarde may not read is one line (and not stored, so it is read
    once its permissions are mended)."""
    if os.geteuid() == 0:
        pytest.skip("root reads any file: the permission error cannot be made here")
    path = camp.orders / "locked.eml"
    path.write_bytes(mail("paul@example.org", PORTHOS))
    path.chmod(0)
    [r] = ops.ingest(camp, camp.orders)
    assert r.status == ops.SKIPPED and "Permission denied" in r.errors[0].message and rows(camp) == []


@pytest.mark.parametrize("name,data,expect", [
    ("empty.eml", b"", "the message is empty"),
    ("empty.txt", b"", "the file is empty"),
    ("nul.txt", PORTHOS.encode() + b"\x00\x00", "binary data"),
    ("latin1.txt", PORTHOS.replace("rapier", "\u00e9p\u00e9e").encode("latin-1"), None),
    ("crlf.eml", mail("paul@example.org", PORTHOS).replace(b"\n", b"\r\n"), None),
    ("cr.eml", mail("paul@example.org", PORTHOS).replace(b"\n", b"\r"), None),
    ("crlf.txt", PORTHOS.replace("\n", "\r\n").encode(), None),
    ("utf16.eml", mail("paul@example.org", PORTHOS).decode().encode("utf-16"), "UTF-16 text, not a mail"),
])
def test_odd_files_are_one_clear_line(camp, name, data, expect):
    """Issue 10, item 10: an empty file, NUL bytes, invalid UTF-8, CRLF or CR line ends, a UTF-16 mail:
    each is read, or refused with one clear reason; never a traceback."""
    (camp.orders / name).write_bytes(data)
    [r] = ops.ingest(camp, camp.orders)
    if expect is None:
        assert r.status == ops.ACCEPTED and r.character == "Porthos", r
    else:
        assert r.status == ops.REJECTED and expect in r.errors[0].message, r


def test_odd_file_names_are_printed_on_one_line(camp):
    """Issue 10, item 10: a file name that is not UTF-8 or holds a newline is shown escaped, on its
    own line (before: a traceback storing it, or a forged line in the GM's listing)."""
    folder = os.fsencode(camp.orders)
    Path(os.fsdecode(folder + b"/\xff.eml")).write_bytes(mail("paul@example.org", PORTHOS))
    Path(os.fsdecode(folder + b"/two\nlines.txt")).write_bytes(ATHOS.encode())
    out = run_cli(camp.orders.parent / "campaigns.toml", "orders", "ingest")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "\\xff.eml: Porthos" in out.stdout and "two\\nlines.txt: Athos" in out.stdout


def test_orders_check_applies_the_campaigns_size_limit(tmp_path):
    """Issue 10, item 10: `orders check` refuses a file over [campaigns.ID.mail] max_message_bytes, as
    ingest does; without a campaigns file, the default limit (before: any size was read)."""
    config = campaign_file(tmp_path, extra="[campaigns.t.mail]\nmax_message_bytes = 2048\n")
    (tmp_path / "big.txt").write_text(PORTHOS + "x" * 3000 + "\n")
    out = run_cli(config, "orders", "check", str(tmp_path / "big.txt"))
    assert out.returncode == 1 and "more than the campaign's limit of 2,048" in out.stdout, out
    (tmp_path / "huge.txt").write_bytes(PORTHOS.encode() + b"x" * 5_000_001)
    out = run_cli(tmp_path / "none.toml", "orders", "check", str(tmp_path / "huge.txt"))
    assert out.returncode == 1 and "more than the campaign's limit of 5,000,000" in out.stdout, out


# -- 1. a row the database refuses ---------------------------------------------------------------


def refused_by_the_database(postgres: bool) -> Message:
    """A Message made by a source of one's own (not read_message, which cleans what it keeps) whose
    sender the database cannot hold: NUL for PostgreSQL, a lone surrogate for SQLite."""
    return Message(source="own-source#1", sender="paul@example.org" + ("\x00" if postgres else "\ud800"),
                   raw=mail("paul@example.org", PORTHOS), body=PORTHOS, is_mail=True)


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_row_the_database_refuses_is_quarantined_and_the_batch_read_again(tmp_path, request, database):
    """Issue 10, item 1: when the database refuses what one message would store, the batch is rolled
    back and read again with that message quarantined (its raw bytes kept, as rejected): the
    others are stored, and nothing is stored twice."""
    extra = f'database = "{request.getfixturevalue("postgres_url")}"\n' if database == "postgresql" else ""
    camp = make_campaign(tmp_path, "refused" + database[:2], extra)
    results = ops.ingest_messages(camp, [read_message(mail("henri@example.org", ATHOS), "a.eml"),
                                         refused_by_the_database(database == "postgresql")])
    by_source = {r.source: r for r in results}
    assert by_source["a.eml"].status == ops.ACCEPTED
    bad = by_source["own-source#1"]
    assert bad.status == ops.REJECTED and [e.code for e in bad.errors] == [codes.E_QUARANTINED]
    assert "the database refused it" in bad.errors[0].message
    stored = rows(camp)
    assert sorted(r.status for r in stored) == ["accepted", "rejected"]
    assert next(r for r in stored if r.status == "rejected").sender == ""


def test_a_fifo_given_as_the_source_is_refused(camp, tmp_path):
    """Issue 10, item 10: `orders ingest FIFO` says what it is, exit 2, never opened."""
    os.mkfifo(tmp_path / "pipe")
    out = run_cli(tmp_path / "campaigns.toml", "orders", "ingest", str(tmp_path / "pipe"))
    assert out.returncode == 2 and "not a folder, a Maildir, an mbox or an order file" in out.stderr, out


def test_a_refused_mail_never_quotes_a_password(camp):
    """Issue 10, items 6 and 7: the header line a refused mail is refused for is quoted with its
    password withheld ("New password: x" is no header field)."""
    data = raw_mail(b"From: paul@example.org\nNew password: brandy-wine\n")
    [r] = ops.ingest_messages(camp, [read_message(data, "a.eml")])
    assert r.status == ops.REJECTED and "New password: [withheld]" in r.errors[0].message
    stored = rows(camp)[0]
    assert "brandy" not in stored.reason + stored.confirmation + str(stored.errors) and stored.raw == b""

"""engarde.intake: whatever a mail client sends, the player's words come out the same.

Each encoding of one set of orders must give the same OrderSheet (weeks and
monthly orders) as the plain text it carries.
"""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from email import policy
from email.message import EmailMessage
from html import escape
from pathlib import Path

import pytest

from engarde import codes
from engarde.intake import Message, clean_body, html_to_text, read_file, read_folder, read_message
from engarde.parse import parse_sheet

DEMO = Path(__file__).resolve().parent.parent / "orders" / "demo"

ORDERS = """\
Hello GM, here are Porthos's orders. \u00c0 bient\u00f4t!

Character: Porthos
Month: April 1607
Week 1: Go to Hunter\u2019s with Falstaff and carouse
Week 2: Practice with rapier
Week 3: Visit Bawdyhouse and carouse, carrying 40 crowns
Week 4: ditto
Conspicuous consumption
Join: Red Phillips
"""


def summary(text: str) -> tuple:
    """What must not change with the encoding: who, which orders, which monthly orders, no errors."""
    s = parse_sheet(text, "t")
    return s.character, s.weeks, s.monthly.to_dict(), [e.code for e in s.errors]


EXPECTED = summary(ORDERS)


def mail(**headers: str) -> EmailMessage:
    m = EmailMessage()
    m["From"] = headers.get("frm", "Jean Dupont <Jean.Dupont@Example.org>")
    m["To"] = "gm@example.org"
    m["Subject"] = headers.get("subject", "Orders")
    m["Date"] = headers.get("date", "Sat, 29 Mar 2025 19:12:44 +0100")
    return m


def as_html(text: str) -> str:
    body = "".join(f"<div>{escape(line) or '<br>'}</div>\n" for line in text.splitlines())
    return f"<html><head><style>div {{ color: black }}</style></head><body>{body}</body></html>"


def read(m: EmailMessage) -> Message:
    message = read_message(m.as_bytes(policy=policy.default), "mail.eml")
    assert message.ok, message.errors
    return message


def test_the_reference_orders_are_clean():
    assert EXPECTED[0] == "Porthos" and EXPECTED[3] == [] and len(EXPECTED[1]) == 4


def test_plain_text_file():
    """A text file the GM typed (its source says so: no headers) is read as plain text."""
    message = read_message(ORDERS.encode("utf-8"), "porthos.txt", mail=False)
    assert message.ok and not message.is_mail and message.sender is None
    assert summary(message.body) == EXPECTED


def test_text_starting_with_sheet_headers_is_not_mail():
    """"Character: Porthos" looks like a mail header; a sheet must still be read as a sheet."""
    text = ORDERS.split("\n", 2)[2]  # starts at "Character:"
    message = read_message(text.encode("utf-8"), "porthos.txt", mail=False)
    assert not message.is_mail
    assert summary(message.body) == EXPECTED


def test_headers_are_read():
    """From, Subject and Date of an RFC 5322 mail are kept for intake to match player and deadline."""
    m = mail(subject="Porthos: April orders")
    m["Message-ID"] = "<abc@example.org>"
    m.set_content(ORDERS)
    message = read(m)
    assert message.is_mail
    assert message.sender == "jean.dupont@example.org" and message.sender_name == "Jean Dupont"
    assert message.subject == "Porthos: April orders"
    assert message.date == datetime(2025, 3, 29, 19, 12, 44, tzinfo=timezone(timedelta(hours=1)))
    assert message.message_id == "<abc@example.org>"
    assert summary(message.body) == EXPECTED


def test_bad_date_is_a_note_not_an_error():
    """A Date header that is no date: the arrival time is used, with a note saying why."""
    raw = b"From: a@example.org\nDate: the Ides of March\n\n" + ORDERS.encode("utf-8")
    arrived = datetime(2025, 3, 29, 18, tzinfo=timezone.utc)
    message = read_message(raw, "mail.eml", arrived=arrived)
    assert message.ok and message.date is None and message.notes == []
    assert message.when(arrived) == (arrived, "its arrival time", [
        "its Date header 'the Ides of March' is not understood: its arrival time is used instead"])
    assert summary(message.body) == EXPECTED


def test_multipart_alternative_prefers_the_plain_text():
    """Sheet intake: "text/plain preferred"."""
    m = mail()
    m.set_content(ORDERS)
    m.add_alternative(as_html("Character: Somebody Else\nWeek 1: rest"), subtype="html")
    message = read(m)
    assert summary(message.body) == EXPECTED
    assert message.notes == []  # the HTML twin is no attachment


def test_html_only():
    """Sheet intake: "text/html converted to text"."""
    m = mail()
    m.set_content(as_html(ORDERS), subtype="html")
    assert summary(read(m).body) == EXPECTED


def test_html_line_breaks_entities_and_quoted_replies():
    html = (
        "<p>Hi&nbsp;GM</p><div><br></div><p>Character: Porthos<br>Month: April 1607<br>"
        "<b>Week 1:</b> Go to Hunter&#8217;s with Falstaff and carouse</p>"
        "<ul><li>Week 2: Practice with rapier</li><li>Week 3: Visit Bawdyhouse and carouse, carrying 40 crowns</li>"
        "<li>Week 4: ditto</li></ul><p>Conspicuous consumption</p><div>Join: Red Phillips</div>"
        "<div class=\"gmail_quote\">On Friday the GM wrote:<blockquote>Character: Athos<br>"
        "Week 1: Court Roxanne</blockquote></div>"
    )
    text = html_to_text(html)
    assert text.splitlines()[:3] == ["Hi GM", "", "Character: Porthos"]
    assert summary(text) == EXPECTED


def test_latin1_quoted_printable():
    """Sheet intake: "any charset/QP/base64": Latin-1 text in quoted-printable."""
    m = mail()
    m.set_content(ORDERS.replace("\u2019", "'"), charset="iso-8859-1", cte="quoted-printable")
    raw = m.as_bytes(policy=policy.default)
    assert b"=C0 bient=F4t" in raw
    message = read_message(raw, "mail.eml")
    assert "\u00c0 bient\u00f4t" in message.body
    assert summary(message.body) == EXPECTED


def test_base64():
    """Sheet intake: "any charset/QP/base64": UTF-8 text in base64."""
    m = mail()
    m.set_content(ORDERS, charset="utf-8", cte="base64")
    assert b"Q2hhcmFjdGVy" in m.as_bytes() or b"base64" in m.as_bytes()
    assert summary(read(m).body) == EXPECTED


def test_wrong_declared_charset_is_read_anyway():
    """Windows mail declared as UTF-8 (or with a charset nobody knows) is still read, with a note."""
    text = ORDERS.replace("\u2019", "'")
    raw = (b"From: a@example.org\nSubject: x\nContent-Type: text/plain; charset=utf-8\n"
           b"Content-Transfer-Encoding: 8bit\n\n" + text.encode("cp1252"))
    message = read_message(raw, "mail.eml")
    assert summary(message.body) == EXPECTED and "\u00c0 bient\u00f4t" in message.body
    assert message.notes == ["text was not valid utf-8; read as cp1252"]
    raw = raw.replace(b"charset=utf-8", b"charset=x-klingon")
    message = read_message(raw, "mail.eml")
    assert summary(message.body) == EXPECTED and "unknown charset 'x-klingon'" in message.notes


def test_reply_quoting_is_dropped():
    """Sheet intake: "quoted reply lines (`>`) ... dropped", with the "... wrote:" line above them."""
    reply = ORDERS + (
        "\nOn Fri, 28 Mar 2025 at 18:00, Game Master <gm@example.org> wrote:\n"
        "> Character: Athos\n> Week 1: Court mistress number 4\n>> older quote\n"
    )
    m = mail()
    m.set_content(reply)
    body = read(m).body
    assert "wrote:" not in body and "Athos" not in body
    assert summary(body) == EXPECTED


def test_quoted_lines_keep_line_numbers():
    """Quoted lines are blanked, not removed, so a line number is the player's own line."""
    body = clean_body("> quoted\n> more\nCharacter: Porthos\nWeek 1: frobnicate\n")
    assert body == "\n\nCharacter: Porthos\nWeek 1: frobnicate\n"
    assert parse_sheet(body, "x").errors[0].line == 4


def test_signature_is_dropped():
    """Sheet intake: "signature (after a line `-- `) dropped" (also "--", whose space clients strip)."""
    for delimiter in ("-- ", "--"):
        m = mail()
        m.set_content(ORDERS + f"{delimiter}\nJean Dupont\nWeek 1: this is my sig, not an order\n")
        assert summary(read(m).body) == EXPECTED


def test_forwarded_original_and_phone_footer_are_dropped():
    for tail in ("-----Original Message-----\nFrom: GM\nWeek 1: court\n", "Sent from my iPhone\n"):
        assert summary(clean_body(ORDERS + tail)) == EXPECTED


def test_attachment_is_ignored_with_a_note():
    """Sheet intake: notes like "attachment x.pdf ignored"."""
    m = mail()
    m.set_content(ORDERS)
    m.add_attachment(b"%PDF-1.4 not really", maintype="application", subtype="pdf", filename="x.pdf")
    m.add_attachment("Character: Athos\nWeek 1: Court Roxanne\n", filename="old-orders.txt")
    message = read(m)
    assert summary(message.body) == EXPECTED
    assert message.notes == ["attachment x.pdf ignored", "attachment old-orders.txt ignored"]


def test_orders_only_in_a_text_attachment_are_read():
    """A mail whose only text is an attached orders file: that file is the orders."""
    m = mail()
    m.add_attachment(ORDERS.encode("utf-8"), maintype="text", subtype="plain", filename="orders.txt")
    m.add_attachment(b"\x89PNG\r\n", maintype="image", subtype="png", filename="arms.png")
    message = read(m)
    assert summary(message.body) == EXPECTED
    assert message.notes == ["orders read from the attachment orders.txt", "attachment arms.png ignored"]


def test_binary_data_is_bad_mail():
    """Sheet intake: "an unreadable/undecodable file becomes a Message with an E_BAD_MAIL error"."""
    message = read_message(b"%PDF-1.4\x00\x01\x02\xff\xfe", "scan.pdf.eml")
    assert [e.code for e in message.errors] == [codes.E_BAD_MAIL]
    assert message.errors[0].source == "scan.pdf.eml" and message.body == ""


@pytest.mark.parametrize("data", [
    b"", b"\xff\xfe\xfd", b"From: \n\n", b"Content-Type: multipart/mixed; boundary=x\n\n--x\n",
    b"From: <<<@@@>>>\nDate: 99 Foo 99999 99:99\nContent-Type: text/plain; charset=\"\"\n\n\xff",
    b"Subject: =?utf-8?b?!!!?=\nContent-Transfer-Encoding: base64\n\n!!!not base64",
    b"MIME-Version: 1.0\nContent-Type: message/rfc822\n\nFrom: x\n\nbody",
])
def test_garbage_never_raises(data):
    """Sheet intake: garbage gives a Message (maybe with an error), never an exception."""
    message = read_message(data, "junk")
    assert isinstance(message, Message) and message.source == "junk"
    assert all(e.code == codes.E_BAD_MAIL for e in message.errors)


def test_read_folder(tmp_path):
    """Sheet intake: "`read_folder(path)` reads `*.eml`, `*.txt` and extension-less files in sorted
    order, skipping hidden files"; issue 10: the name says what a file is (mail: .eml or no
    extension; text: .txt), and a file of another kind or a folder named like an order file is
    skipped with the reason."""
    (tmp_path / "b.txt").write_text("Character: B\n")
    (tmp_path / "a.eml").write_bytes(b"From: a@example.org\n\nCharacter: A\n")
    (tmp_path / "c").write_text("From: c@example.org\n\nCharacter: C\n")
    (tmp_path / ".hidden.txt").write_text("Character: H\n")
    (tmp_path / "notes.md").write_text("Character: M\n")
    (tmp_path / "sub.txt").mkdir()
    (tmp_path / "archive").mkdir()
    messages = read_folder(tmp_path)
    assert [Path(m.source).name for m in messages] == ["a.eml", "b.txt", "c", "notes.md", "sub.txt"]
    assert [parse_sheet(m.body, m.source).character for m in messages[:3]] == ["A", "B", "C"]
    assert [m.is_mail for m in messages[:3]] == [True, False, True]
    assert messages[0].sender == "a@example.org"
    notes, folder = messages[3:]
    assert notes.skipped and notes.ok and "not an order file" in notes.notes[0]
    assert folder.skipped and [e.code for e in folder.errors] == [codes.E_NOT_READ]


def test_unreadable_file_is_not_read(tmp_path):
    """Sheet intake: an unreadable file becomes a skipped Message with an E_NOT_READ error (nothing
    to store), never an exception."""
    os.symlink(tmp_path / "gone.eml", tmp_path / "broken.eml")
    (tmp_path / "ok.txt").write_text("Character: A\n")
    messages = read_folder(tmp_path)
    assert [Path(m.source).name for m in messages] == ["broken.eml", "ok.txt"]
    assert messages[0].skipped and [e.code for e in messages[0].errors] == [codes.E_NOT_READ]
    assert messages[1].ok
    assert read_file(tmp_path / "nowhere.txt").errors[0].code == codes.E_NOT_READ


def test_missing_folder_raises():
    """A folder that is not there is the GM's mistake, for the CLI to report."""
    with pytest.raises(FileNotFoundError):
        read_folder("/nonexistent/orders")


def test_demo_mail_is_all_readable():
    """orders/README.md: the demo's mail, in every encoding, reads without error."""
    messages = {Path(m.source).name: m for m in read_folder(DEMO)}
    assert len(messages) == 7 and all(m.ok for m in messages.values())
    assert messages["athos.eml"].notes == ["attachment coat-of-arms.pdf ignored"]
    assert "> " not in messages["athos.eml"].body
    assert messages["dartagnan.eml"].sender == "gaston@example.org"
    assert "Me voil\u00e0 enfin \u00e0 Paris" in messages["dartagnan.eml"].body
    assert "Hunter\u2019s" in messages["rodney-bergerac.eml"].body


def test_format_flowed_lines_are_joined():
    """RFC 3676 format=flowed (Thunderbird's default): a line ending in a space goes on."""
    flowed = ORDERS.replace("Week 1: Go to Hunter\u2019s with Falstaff and carouse",
                            "Week 1: Go to Hunter\u2019s with Falstaff \nand carouse")
    raw = (b"From: a@example.org\nContent-Type: text/plain; charset=utf-8; format=flowed\n\n"
           + flowed.encode("utf-8") + b"-- \nsig \nWeek 2: not an order\n")
    assert summary(read_message(raw, "flowed.eml").body) == EXPECTED


def test_utf16_text_file():
    """Windows Notepad saves "Unicode" text as UTF-16: NUL bytes, but text all the same."""
    message = read_message(ORDERS.encode("utf-16"), "orders.txt", mail=False)
    assert message.ok and message.notes == ["read as UTF-16 text"]
    assert summary(message.body) == EXPECTED

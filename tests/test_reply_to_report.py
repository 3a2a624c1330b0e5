"""Next month's sheet at the end of each private report (issue 13): a player replies to the
report with the sheet filled in above the quote, as Gmail, Outlook and Apple Mail quote, and the
reply is read as his orders for the next month; the sheet 'engarde orders template' prints is
the same one."""

from __future__ import annotations

import json
from email.message import EmailMessage

import pytest

from smtp_server import SmtpServer
from test_mail_out import PLAYERS, Campaign

PASSWORDS = {"Porthos": "pourquoi-pas", "Athos": "comte de la Fère", "D'Artagnan": "gascogne"}


@pytest.fixture
def reports(tmp_path):
    """May 1607's reports as each player received them (the month of April resolved and published)."""
    server = SmtpServer().start()
    try:
        camp = Campaign(tmp_path, server.port)
        camp.cli("orders", "ingest", code=1)
        camp.cli("turn", "run")
        camp.cli("mail", "publish")
        yield camp, {name: server.to(PLAYERS[name])[0] for name in PASSWORDS}
    finally:
        server.stop()


def filled(sheet: str, name: str) -> str:
    """The sheet as a player fills it in: his password, four weeks."""
    weeks = {1: "Practise rapier", 2: "Rest", 3: "Practise rapier", 4: "Rest"}
    lines = []
    for line in sheet.splitlines():
        if line == "Password: ":
            line = f"Password: {PASSWORDS[name]}"
        for w, order in weeks.items():
            if line == f"Week {w}: ":
                line = f"Week {w}: {order}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def the_sheet(report: EmailMessage) -> str:
    text = report.get_body(("plain",)).get_content().replace("\r\n", "\n")
    return text.split("reply with this sheet filled in ---\n", 1)[1]


def gmail(own: str, report: EmailMessage, quoted: str) -> str:
    return (own + f"\nOn Sat, 3 May 2025 at 10:02, La Gazette de Paris <{report['From'].addresses[0].addr_spec}> "
            "wrote:\n\n" + "".join(f"> {line}\n" if line else ">\n" for line in quoted.splitlines()))


def outlook(own: str, report: EmailMessage, quoted: str) -> str:
    return (own + "\n-----Original Message-----\n" f"From: {report['From']}\nSent: Saturday, May 3, 2025 10:02 AM\n"
            f"To: {report['To']}\nSubject: {report['Subject']}\n\n" + quoted)


def apple(own: str, report: EmailMessage, quoted: str) -> str:
    return (own + f"\n> On 3 May 2025, at 10:02, La Gazette de Paris <{report['From'].addresses[0].addr_spec}> "
            "wrote:\n> \n" + "".join(f"> {line}\n" for line in quoted.splitlines()))


STYLES = {"Porthos": gmail, "Athos": outlook, "D'Artagnan": apple}


def test_a_reply_to_the_report_with_the_sheet_filled_in_is_read(reports, tmp_path):
    camp, received = reports
    replies = tmp_path / "replies"
    replies.mkdir()
    for name, style in STYLES.items():
        report = received[name]
        sheet = the_sheet(report)
        assert sheet == camp.cli("orders", "template", name)  # the report's sheet is the template
        quoted = report.get_body(("plain",)).get_content().replace("\r\n", "\n")
        reply = EmailMessage()
        reply["From"] = PLAYERS[name]
        reply["To"] = "orders@engarde.example"
        reply["Subject"] = f"Re: {report['Subject']}"
        reply["Date"] = "Sat, 03 May 2025 10:02:00 +0000"
        reply["Message-ID"] = f"<reply-{len(name)}@example.org>"
        reply["In-Reply-To"] = report["Message-ID"]
        reply.set_content(style(filled(sheet, name), report, quoted))
        (replies / f"{style.__name__}.eml").write_bytes(bytes(reply))
    out = camp.cli("orders", "ingest", str(replies))
    for name in STYLES:
        assert "accepted   " in out and f": {name}" in out, out
    assert "3 message(s): 3 accepted, 0 held, 0 with problems" in out
    for name in STYLES:
        confirmation = camp.cli("orders", "confirmations", "--character", name)
        assert "Week 1: Practise with the rapier" in confirmation and "Week 2: Rest" in confirmation, confirmation
        assert "Every line was understood." in confirmation, confirmation


def test_the_report_as_json_is_his_alone(reports):
    camp, received = reports
    data = json.loads(camp.cli("report", "Porthos", "--json"))
    assert data["character"] == "Porthos" and data["month"] == "1607-04"
    assert data["sheet"]["name"] == "Porthos" and "password" not in data["sheet"]
    assert data["next_month_sheet"] == camp.cli("orders", "template", "Porthos")
    assert "For the eyes of Porthos alone" in data["report"]
    assert all(e["character"] == "Porthos" for e in data["ledger"]) and data["ledger"]
    assert "pourquoi-pas" not in json.dumps(data)
    assert camp.cli("report", "Porthos").startswith("Private Report")

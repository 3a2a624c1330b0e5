"""Mail out (issue 13): confirmations, reminders, reports and the gazette, welcomes, sent to a
real SMTP server on loopback (aiosmtpd, tests/smtp_server.py), and what each address received:
nobody gets another man's confirmation or report, no address a sheet claims is written to,
headers parse back, non-ASCII names survive, replies thread; every message is recorded, a run
again sends nothing twice, a failure is said in one line and retried; --dry-run writes .eml
files and records nothing."""

from __future__ import annotations

import shutil
from email.headerregistry import Address
from pathlib import Path

import pytest
from click.testing import CliRunner

from engarde import ops
from engarde.cli import main
from engarde.config import ConfigError, load
from engarde.demo import roster
from engarde.ops import mailing
from engarde.registry import for_campaign, load_campaign
from engarde.rules.creation.rules import given_character
from engarde.rules.mistresses.commands import roll_mistresses
from smtp_server import free_port

ROOT = Path(__file__).parent.parent
PLAYERS = {r["name"]: r["email"] for r in roster()}
JACQUES = "Jacques Lefèvre"  # a name the mail must carry whole
JACQUES_MAIL = "jacques.lefevre@example.org"
STRANGER = "stranger@evil.example"


def settings(port: int, extra: str = "") -> str:
    return ("[campaigns.mo]\nname = \"Mail Test\"\nnewspaper = \"La Gazette de Paris\"\nfirst_month = \"April 1607\"\n"
            "seed = \"demo-1607\"\norders = \"orders\"\n"
            "[campaigns.mo.mail]\nreaders = [\"reader@example.org\"]\n"
            f"[campaigns.mo.mail.smtp]\nhost = \"127.0.0.1\"\nport = {port}\nsecurity = \"none\"\n"
            f"from = \"gm@engarde.example\"\nreply_to = \"orders@engarde.example\"\ntimeout = 5\n{extra}")


class Campaign:
    """The demo's seven gentlemen and Jacques Lefèvre, their addresses on record; the demo's mail
    in the orders folder, with a forged sheet for Porthos and one for no one."""

    def __init__(self, folder: Path, port: int) -> None:
        self.folder = folder
        shutil.copytree(ROOT / "orders" / "demo", folder / "orders")
        (folder / "orders" / "forged.eml").write_text(
            f"From: Someone <{STRANGER}>\nTo: gm@engarde.example\nSubject: orders\n"
            "Date: Sat, 29 Mar 2025 10:00:00 +0000\nMessage-ID: <forged-1@evil.example>\n\n"
            f"Character: Porthos\nPassword: guessed\nReply-To: {STRANGER}\nWeek 1: Rest\n")
        (folder / "orders" / "nobody.eml").write_text(
            f"From: Someone <{STRANGER}>\nTo: gm@engarde.example\nSubject: orders\n"
            "Date: Sat, 29 Mar 2025 10:00:00 +0000\nMessage-ID: <nobody-1@evil.example>\n\n"
            "Character: Cardinal Richelieu\nPassword: x\nWeek 1: Rest\n")
        self.config = folder / "campaigns.toml"
        self.config.write_text(settings(port))
        self.camp = load_campaign(self.config, "mo")
        ops.init(self.camp)
        tables = for_campaign(self.camp).tables
        for values in roster():
            values = dict(values)
            password = values.pop("password")
            ops.add_character(self.camp, given_character(tables, values.pop("name"), **values), password=password)
        ops.add_character(self.camp, given_character(tables, JACQUES, social_level=5, crowns=100, strength=10,
                                                     constitution=10, expertise=10, military_ability=3,
                                                     player=JACQUES, email=JACQUES_MAIL), password="lefevre-pw")
        roll_mistresses(self.camp, tables)

    def cli(self, *args: str, code: int | None = 0, env: dict | None = None) -> str:
        result = CliRunner().invoke(main, ["--config", str(self.config), *args], env=env or {},
                                    catch_exceptions=False)
        if code is not None:
            assert result.exit_code == code, result.output
        assert "Traceback" not in result.output
        return result.output


@pytest.fixture
def camp(tmp_path, smtp):
    return Campaign(tmp_path, smtp.port)


def well_formed(msg) -> None:
    """The headers a mail program needs, each parsed back by the email package without a defect."""
    for name in ("From", "To", "Subject", "Date", "Message-ID"):
        assert msg[name], name
    assert not msg.defects, msg.defects
    for name in ("From", "To"):
        assert not msg[name].defects, (name, msg[name].defects)
    assert msg["Message-ID"].startswith("<") and msg["Message-ID"].endswith(">")
    assert msg["Reply-To"] == "orders@engarde.example"


def test_confirmations_go_to_the_address_on_record_as_replies(camp, smtp):
    camp.cli("orders", "ingest", code=1)  # the forged sheet and the one for no one are rejected
    out = camp.cli("mail", "confirmations")
    assert f"<{PLAYERS['Porthos']}>" in out
    assert all(STRANGER not in r.rcpt_tos for r in smtp.received), "a sheet's claimed address was written to"
    porthos = smtp.to(PLAYERS["Porthos"])
    # His own sheet's confirmation, as a reply to his mail; and the forged sheet's, which tells him.
    assert sorted(m["In-Reply-To"] for m in porthos) == ["<20250329191244.1607@example.org>", "<forged-1@evil.example>"]
    for m in porthos:
        well_formed(m)
        assert m["References"] == m["In-Reply-To"]
        assert m["Subject"].startswith("Re: Orders of Porthos for April 1607")
        body = m.get_content()
        assert "Orders of Porthos" in body and "pourquoi-pas" not in body  # never a password
    assert any("REJECTED" in m.get_content() for m in porthos)
    # Each address got only its own character's confirmations; the sheet for no one went nowhere.
    for name, address in PLAYERS.items():
        for m in smtp.to(address):
            assert m.get_content().startswith(f"Orders of {name} for"), (address, m["Subject"])
            assert len(smtp.received[0].rcpt_tos) == 1
    assert not any("Richelieu" in r.message.get_content() for r in smtp.received)
    aramis = smtp.to(PLAYERS["Aramis"])  # his sheet is a text file: no Message-ID to answer
    assert len(aramis) == 1 and aramis[0]["In-Reply-To"] is None
    assert aramis[0]["Subject"] == "Orders of Aramis for April 1607: accepted"
    assert aramis[0]["To"].addresses[0] == Address("Renée Dubois", addr_spec=PLAYERS["Aramis"])
    sent = len(smtp.received)
    assert sent == 8  # seven sheets of the demo, one forged
    # Run again: nothing is sent twice.
    assert "Nothing to send." in camp.cli("mail", "confirmations")
    assert len(smtp.received) == sent
    rows = mailing.sent_mail(camp.camp)
    assert len(rows) == sent and {r.status for r in rows} == {"sent"}
    assert {r.message_id for r in rows} == {r.message["Message-ID"] for r in smtp.received}


def test_a_failed_send_is_said_in_one_line_recorded_and_retried(camp, smtp):
    camp.cli("orders", "ingest", code=1)
    dead = free_port()  # nothing listens there
    camp.config.write_text(settings(dead))
    out = camp.cli("mail", "confirmations", code=1)
    assert f"127.0.0.1:{dead}: connection refused" in out
    assert "tried again on the next run" in out
    rows = mailing.sent_mail(camp.camp)
    assert len(rows) == 8 and {r.status for r in rows} == {"failed"}
    assert smtp.received == []
    camp.config.write_text(settings(smtp.port))
    out = camp.cli("mail", "confirmations")
    assert out.count("(tried again)") == 8
    assert len(smtp.received) == 8
    assert {(r.status, r.attempts) for r in mailing.sent_mail(camp.camp)} == {("sent", 2)}


def test_dry_run_writes_eml_files_and_records_nothing(camp, smtp, tmp_path):
    camp.cli("orders", "ingest", code=1)
    outbox = tmp_path / "outbox"
    out = camp.cli("mail", "confirmations", "--dry-run", str(outbox))
    files = sorted(outbox.glob("*.eml"))
    assert len(files) == 8 and out.count("\nwritten ") + out.startswith("written ") == 8
    assert smtp.received == [] and mailing.sent_mail(camp.camp) == []
    # A folder that is a file is one line.
    (tmp_path / "afile").write_text("x")
    out = camp.cli("mail", "confirmations", "--dry-run", str(tmp_path / "afile"), code=2)
    assert out.count("\n") == 1


def test_no_smtp_settings_or_password_is_one_line(camp, smtp):
    camp.config.write_text(settings(smtp.port).split("[campaigns.mo.mail.smtp]")[0])
    out = camp.cli("mail", "confirmations", code=2)
    assert out.startswith("engarde: ") and "mail.smtp: missing" in out and out.count("\n") == 1
    camp.config.write_text(settings(smtp.port, 'user = "gm"\npassword_env = "MO_SMTP_PW"\n'))
    out = camp.cli("mail", "welcome", code=2, env={"MO_SMTP_PW": ""})
    assert "MO_SMTP_PW is not set" in out and out.count("\n") == 1


@pytest.mark.parametrize("key, value, said", [
    ("security", '"tls"', "security: must be one of"),
    ("port", "70000", "port: must be a port number"),
    ("from", '"not an address"', "from: 'not an address': not a mail address"),
    ("password", '"secret"', "password: unknown key"),
    ("timeout", "0", "timeout: must be a number of seconds"),
])
def test_each_smtp_mistake_names_its_key(tmp_path, key, value, said):
    config = tmp_path / "campaigns.toml"
    lines = [line for line in settings(25).splitlines() if not line.startswith(f"{key} =")]
    config.write_text("\n".join(lines) + f"\n{key} = {value}\n")
    with pytest.raises(ConfigError, match=f"campaigns.mo.mail.smtp.{key}"):
        load(config)
    with pytest.raises(ConfigError) as exc:
        load(config)
    assert said in str(exc.value)


def test_publish_sends_each_report_to_its_man_alone_and_the_gazette_to_readers(camp, smtp):
    camp.cli("orders", "ingest", code=1)
    camp.cli("turn", "run")
    camp.cli("gazette")  # with its PDF, to attach
    out = camp.cli("mail", "publish")
    names = [*PLAYERS, JACQUES]
    for name in names:
        address = PLAYERS.get(name, JACQUES_MAIL)
        got = smtp.to(address)
        assert len(got) == 1, (name, out)
        msg = got[0]
        well_formed(msg)
        assert msg["Subject"] == f"La Gazette de Paris, April 1607: the private report of {name}"
        html = msg.get_body(("html",)).get_content()
        text = msg.get_body(("plain",)).get_content().replace("\r\n", "\n")
        assert f"For the eyes of {name} alone" in text
        assert f"For the eyes of <span class=\"name\">{name}</span> alone" in html.replace("&#39;", "'")
        for other in names:
            if other != name:
                assert f"For the eyes of <span class=\"name\">{other}</span>" not in html
                assert f"Character: {other}\n" not in text
        assert f"Character: {name}\nPassword: \nMonth: May 1607" in text  # next month's sheet at its end
        pdfs = [p for p in msg.iter_attachments() if p.get_content_type() == "application/pdf"]
        assert len(pdfs) == 1 and pdfs[0].get_content().startswith(b"%PDF")
    jacques = smtp.to(JACQUES_MAIL)[0]
    assert jacques["To"].addresses[0].display_name == JACQUES
    assert JACQUES in jacques["Subject"]
    assert b"=?utf-8?" in next(r.data for r in smtp.received if JACQUES_MAIL in r.rcpt_tos)  # encoded, not raw
    reader = smtp.to("reader@example.org")
    assert len(reader) == 1 and reader[0]["Subject"] == "La Gazette de Paris, April 1607"
    assert "private report" not in reader[0].get_body(("plain",)).get_content().lower()
    assert len(smtp.received) == len(names) + 1
    camp.cli("mail", "publish")
    assert len(smtp.received) == len(names) + 1  # nothing twice


def test_the_report_files_end_with_the_same_sheet_as_the_mailed_report(camp, smtp, tmp_path):
    """`engarde gazette` writes each living man's report ending with next month's sheet, the one
    the mailed report ends with (one function makes it); filled in, the sheet reads back."""
    camp.cli("orders", "ingest", code=1)
    camp.cli("turn", "run")
    camp.cli("gazette", "--no-pdf")
    camp.cli("mail", "publish")
    folder = camp.folder / "newsletters" / "mo" / "reports" / "1607-04"
    for name in [*PLAYERS, JACQUES]:
        [path] = [p for p in folder.glob("*.html") if f"For the eyes of <span class=\"name\">{name}</span>"
                  in p.read_text(encoding="utf-8").replace("&#39;", "'")]
        written = path.read_text(encoding="utf-8")
        block = written[written.index('<section class="orders-sheet">'):written.index("</section></body>")]
        assert f"Character: {name}\nPassword: \nMonth: May 1607" in block.replace("&#39;", "'")
        [mailed] = [m for m in smtp.to(PLAYERS.get(name, JACQUES_MAIL)) if "private report" in m["Subject"]]
        assert block in mailed.get_body(("html",)).get_content().replace("\r\n", "\n")
        for other in [*PLAYERS, JACQUES]:
            assert other == name or f"Character: {other}\n" not in block
    written = (folder / "porthos.html").read_text(encoding="utf-8")
    sheet = written.split("<pre>")[-1].split("</pre>")[0].replace("&lt;", "<").replace("&gt;", ">")
    filled = sheet.replace("&amp;", "&").replace("Password: ", "Password: pourquoi-pas")
    for week in range(1, 5):
        filled = filled.replace(f"Week {week}: \n", f"Week {week}: Rest\n")
    (tmp_path / "filled.txt").write_text(filled)
    assert "Every line was understood." in camp.cli("orders", "check", str(tmp_path / "filled.txt"))


def test_reminders_with_the_sheet_attached_and_read_back(camp, smtp, tmp_path):
    out = camp.cli("mail", "reminders", code=2)
    assert "no deadline schedule" in out and out.count("\n") == 1
    camp.cli("orders", "ingest", code=1)
    (camp.folder / "orders" / "porthos.eml").unlink()
    out = camp.cli("mail", "reminders", "--force")
    assert [m["To"].addresses[0].addr_spec for r in smtp.received for m in [r.message]] == [JACQUES_MAIL]
    msg = smtp.to(JACQUES_MAIL)[0]
    well_formed(msg)
    sheet = [p for p in msg.iter_attachments()][0]
    assert sheet.get_content_type() == "text/plain"
    text = sheet.get_content().replace("\r\n", "\n")
    assert text.startswith(f"# Order sheet of {JACQUES} for April 1607")
    filled = text.replace("Password: ", "Password: lefevre-pw").replace("Week 1: ", "Week 1: Practise rapier")
    filled = filled.replace("Week 2: ", "Week 2: Rest").replace("Week 3: ", "Week 3: Rest").replace("Week 4: ",
                                                                                                    "Week 4: Rest")
    (tmp_path / "filled.txt").write_text(filled)
    out = camp.cli("orders", "check", str(tmp_path / "filled.txt"))
    assert "Every line was understood." in out and "week 1: practise" in out.lower()
    assert "Nothing to send." in camp.cli("mail", "reminders", "--force")


def test_welcome_carries_the_password_only_when_given_and_never_records_it(camp, smtp):
    camp.cli("mail", "welcome")
    assert len(smtp.received) == 8
    porthos = smtp.to(PLAYERS["Porthos"])[0]
    well_formed(porthos)
    assert "pourquoi-pas" not in porthos.get_content()
    assert "Nothing to send." in camp.cli("mail", "welcome")
    out = camp.cli("mail", "welcome", "Porthos", "--password", "wrong", code=2)
    assert "not Porthos's order password" in out
    camp.cli("mail", "welcome", "Porthos", "--password", "pourquoi-pas")
    assert len(smtp.received) == 9 and "pourquoi-pas" in smtp.received[-1].message.get_content()
    assert smtp.received[-1].rcpt_tos == [PLAYERS["Porthos"]]
    camp.cli("mail", "welcome", "Porthos", "--password", "pourquoi-pas")
    assert len(smtp.received) == 9  # the same password's welcome once
    for row in mailing.sent_mail(camp.camp):
        assert "pourquoi-pas" not in f"{row.key} {row.subject} {row.error} {row.message_id}"
    assert "pourquoi-pas" not in camp.cli("mail", "sent")


def test_orders_ingest_send_mails_the_confirmations(camp, smtp):
    out = camp.cli("orders", "ingest", "--send", code=1)
    assert "8 message(s): 8 sent" in out
    assert len(smtp.received) == 8


def test_character_create_send_mails_his_welcome_with_his_generated_password(camp, smtp):
    out = camp.cli("character", "create", "Cyrano", "--email", "cyrano@example.org", "--send")
    password = next(line for line in out.splitlines() if line.startswith("Order password of Cyrano: "))
    password = password.split(": ", 1)[1].split(" ", 1)[0]
    got = smtp.to("cyrano@example.org")
    assert len(got) == 1 and password in got[0].get_content()
    assert "sent         welcome      Cyrano <cyrano@example.org>" in out
    assert "welcome text for" not in out  # mailed, not printed
    assert all(password not in f"{r.key} {r.subject}" for r in mailing.sent_mail(camp.camp))
    out = camp.cli("character", "create", "Bergerac", "--send", code=2)
    assert "--send needs --email" in out

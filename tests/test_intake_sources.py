"""engarde.sources: order mail from a folder, a Maildir, an mbox file and an IMAP mailbox;
and the whole order language through the mail clients players use.

Every source gives Messages with their raw bytes kept and the time the source says they
arrived; none changes the mail it reads.
"""

from __future__ import annotations

import datetime as dt
import mailbox
import os
import re
from email import policy
from email.message import EmailMessage
from html import escape

import pytest
from click.testing import CliRunner

from engarde import ops
from engarde import codes
from engarde.cli import main
from engarde.config import ImapSettings, load_one
from engarde.rules.creation.rules import given_character
from engarde.tables import Tables
from engarde.intake import decoded, read_message
from engarde.parse import parse_sheet
from engarde.rules.press.orders import Letters
from engarde.sources import SourceError, kind_of, read_imap, read_maildir, read_mbox, read_path
from helpers import named_in_orders
from imap_server import serving

# The whole language at once: what every client must deliver unchanged.
FULL = """\
Bonjour GM! \u00c0 bient\u00f4t.

Character: Porthos
Password: sack
Month: April 1607
Week 1: Toady to Cyrano at Bothwell\u2019s and carouse
Week 2: Visit Red Phillips and gamble 4 bets of 50, cut on a 6
Week 3: Court mistress number 4 (Roxanne)
Week 4: Challenge Athos for insulting my regiment with sabre
Conspicuous consumption
Trade 5 expertise for 1 strength
If challenged: accept with sabre, sequence X L X CL K X X X X S P JB
Campaign: poltroonery 1
Rival suitor: fight
Letter to the gazette (as "The Red Fox"):
The Cardinal's men drink water at Hunter's.
Paris knows it.
End of letter
End of orders
"""

# The mistresses FULL names: number 4 is Roxanne.
FULL_MISTRESSES = ("Ninon", "Madeleine", "Constance", "Roxanne")


def summary(text: str) -> tuple:
    s = parse_sheet(text, "t")
    return (s.character, s.weeks, s.monthly.to_dict(), s.standing.to_dict(), s.monthly.of(Letters).letters,
            [e.code for e in s.errors])


EXPECTED = summary(FULL)


def mail(body: str, frm: str = "Paul <paul@example.org>", date: str = "Tue, 29 Jan 2030 10:00:00 +0100",
         subject: str = "orders") -> EmailMessage:
    m = EmailMessage()
    m["From"] = frm
    m["To"] = "gm@example.org"
    m["Subject"] = subject
    m["Date"] = date
    m.set_content(body)
    return m


def test_the_full_language_sheet_is_clean():
    character, weeks, monthly, standing, letters, errors = EXPECTED
    assert character == "Porthos" and errors == [] and len(weeks) == 4 and len(letters) == 1
    assert standing["duel"]["duel_sequence"] == "X L X CL K X X X X S P JB"
    assert standing["military"]["campaign_modifier"] == -1


def _as_html(text: str) -> str:
    return "<html><body>" + "".join(f"<div>{escape(x) or '<br>'}</div>" for x in text.splitlines()) + "</body></html>"


def _plain(m: EmailMessage) -> None:
    m.set_content(FULL)


def _alternative(m: EmailMessage) -> None:
    m.set_content(FULL)
    m.add_alternative(_as_html(FULL), subtype="html")


def _html_only(m: EmailMessage) -> None:
    m.set_content(_as_html(FULL), subtype="html")


def _latin1(m: EmailMessage) -> None:
    m.set_content(FULL.replace("\u2019", "'"), charset="iso-8859-1", cte="quoted-printable")


def _base64(m: EmailMessage) -> None:
    m.set_content(FULL, charset="utf-8", cte="base64")


def _reply(m: EmailMessage) -> None:
    m.set_content(FULL + "\nOn Mon, 28 Jan 2030, Game Master <gm@example.org> wrote:\n"
                  "> Character: Athos\n> Week 1: Court Roxanne\n> Letter to the gazette:\n")


def _signature(m: EmailMessage) -> None:
    m.set_content(FULL + "-- \nPaul Marchand\nWeek 1: not an order\n")


@pytest.mark.parametrize("build", [_plain, _alternative, _html_only, _latin1, _base64, _reply, _signature])
def test_every_client_gives_the_same_orders(build):
    """Mail built as common clients build it (multipart/alternative, HTML only, latin-1, reply quoting,
    signatures) gives the same orders, standing orders and letters as the plain text."""
    m = EmailMessage()
    m["From"] = "paul@example.org"
    m["Subject"] = "orders"
    build(m)
    message = read_message(m.as_bytes(policy=policy.default), "mail.eml")
    assert message.ok, message.errors
    assert summary(message.body) == EXPECTED


# -- Maildir and mbox -----------------------------------------------------------------------------


def test_maildir(tmp_path):
    """A Maildir's delivered mail (new/ and cur/), each file's time as its arrival; tmp/ is not yet mail."""
    box = mailbox.Maildir(str(tmp_path / "Maildir"))
    box.add(mail(FULL))
    unread = mail(FULL.replace("Porthos", "Athos"), frm="henri@example.org")
    del unread["Date"]
    key = box.add(unread)
    (tmp_path / "Maildir" / "tmp" / "half-delivered").write_text("Character: Nobody\n")
    box.close()
    path = next((tmp_path / "Maildir" / "new").glob(key + "*"))
    stamp = dt.datetime(2030, 1, 29, 9, 0, tzinfo=dt.timezone.utc).timestamp()
    os.utime(path, (stamp, stamp))
    assert kind_of(tmp_path / "Maildir") == "maildir"
    messages = read_path(tmp_path / "Maildir")
    assert len(messages) == 2 and all(m.ok and m.raw for m in messages)
    assert {summary(m.body)[0] for m in messages} == {"Porthos", "Athos"}
    athos = next(m for m in messages if m.sender == "henri@example.org")
    assert athos.received(dt.datetime.now(dt.timezone.utc)) == (
        dt.datetime(2030, 1, 29, 9, 0, tzinfo=dt.timezone.utc), "its arrival time")
    assert read_maildir(tmp_path / "Maildir")[0].source.startswith(str(tmp_path / "Maildir"))


def test_mbox(tmp_path):
    """An mbox file: each message as FILE#N, the "From " line's time as its arrival."""
    box = mailbox.mbox(str(tmp_path / "orders.mbox"))
    first = mailbox.mboxMessage(mail(FULL))
    first.set_from("paul@example.org", (2030, 1, 29, 9, 30, 0, 1, 29, 0))
    box.add(first)
    box.add(mailbox.mboxMessage(mail("Character: Athos\nWeek 1: rest\n", frm="henri@example.org")))
    box.flush()
    box.close()
    assert kind_of(tmp_path / "orders.mbox") == "mbox"
    messages = read_mbox(tmp_path / "orders.mbox")
    assert [m.source for m in messages] == [f"{tmp_path / 'orders.mbox'}#1", f"{tmp_path / 'orders.mbox'}#2"]
    assert summary(messages[0].body) == EXPECTED
    assert messages[0].arrived == dt.datetime(2030, 1, 29, 9, 30, tzinfo=dt.timezone.utc)
    assert messages[1].sender == "henri@example.org"


def test_a_file_over_the_limit_is_not_read(tmp_path):
    (tmp_path / "big.eml").write_bytes(b"x" * 5000)
    (tmp_path / "ok.txt").write_text("Character: Athos\nWeek 1: rest\n")
    big, ok = read_path(tmp_path, max_bytes=4096)
    assert [e.code for e in big.errors] == [codes.E_TOO_LARGE] and big.raw == b"" and big.size == 5000
    assert ok.ok


def test_a_missing_source_is_a_clear_error(tmp_path):
    with pytest.raises(SourceError, match="no such folder, Maildir or mbox file"):
        read_path(tmp_path / "nowhere")


def test_ingest_from_an_mbox_file_through_the_cli(tmp_path):
    (tmp_path / "campaigns.toml").write_text('[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\n')
    camp = load_one(tmp_path / "campaigns.toml", "t")
    ops.init(camp)
    ops.add_character(camp, given_character(Tables(), "Porthos", email="paul@example.org",
                                            social_level=6, crowns=100, strength=10, constitution=10, expertise=10,
                                            military_ability=3), password="sack")
    named_in_orders(camp, ("Cyrano", "Athos"), FULL_MISTRESSES)
    box = mailbox.mbox(str(tmp_path / "in.mbox"))
    box.add(mail(FULL))
    box.close()
    result = CliRunner().invoke(main, ["--config", str(tmp_path / "campaigns.toml"), "orders", "ingest",
                                       str(tmp_path / "in.mbox")])
    assert result.exit_code == 0, result.output
    assert f"accepted   {tmp_path / 'in.mbox'}#1: Porthos" in result.output


# -- IMAP -------------------------------------------------------------------------------------------


@pytest.fixture
def dovecot():
    big = mail("Character: Porthos\nWeek 1: rest\n" + "x" * 6000 + "\n").as_bytes(policy=policy.default)
    messages = [mail(FULL).as_bytes(policy=policy.default), big,
                mail("Character: Athos\nPassword: honour\nWeek 1: rest\n", frm="henri@example.org").as_bytes(policy=policy.default)]
    with serving(messages) as server:
        yield server


def test_imap_reads_every_message_read_only(dovecot, tmp_path, monkeypatch):
    """IMAP (imapclient) against a real server: every message, its bytes kept, its arrival time; one over
    the limit not downloaded; the folder opened read-only, so no message is marked read."""
    from imapclient import IMAPClient

    settings = ImapSettings(host="127.0.0.1", port=dovecot.port, ssl=False, user=dovecot.user, timeout=5)
    messages = read_imap(settings, max_bytes=4096, password=dovecot.password)
    assert len(messages) == 3
    [big] = [m for m in messages if m.too_large]
    [athos] = [m for m in messages if m.sender == "henri@example.org"]
    [full] = [m for m in messages if m is not big and m is not athos]
    assert summary(full.body) == EXPECTED and full.raw.startswith(b"From: Paul")
    assert re.fullmatch(rf"imap://gm@127\.0\.0\.1:{dovecot.port}/INBOX;UIDVALIDITY=\d+;UID=\d", full.source)
    assert full.arrived is not None
    assert big.too_large and big.raw == b"" and big.size > 4096
    assert athos.sender == "henri@example.org"
    with IMAPClient("127.0.0.1", port=dovecot.port, ssl=False, timeout=5) as client:
        client.login(dovecot.user, dovecot.password)
        client.select_folder("INBOX", readonly=True)
        assert all(b"\\Seen" not in flags for flags in client.get_flags(client.search("ALL")).values())

    # the same through the CLI, the password from the environment
    (tmp_path / "campaigns.toml").write_text(
        '[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\n[campaigns.t.mail]\nmax_message_bytes = 4096\n'
        f'[campaigns.t.mail.imap]\nhost = "127.0.0.1"\nport = {dovecot.port}\nssl = false\nuser = "gm"\n'
        'timeout = 5\npassword_env = "TEST_IMAP_PASSWORD"\n')
    camp = load_one(tmp_path / "campaigns.toml", "t")
    ops.init(camp)
    for name, email in (("Porthos", "paul@example.org"), ("Athos", "henri@example.org")):
        ops.add_character(camp, given_character(Tables(), name, email=email,
                                                social_level=6, crowns=100, strength=10, constitution=10,
                                                expertise=10, military_ability=3),
                          password="sack" if name == "Porthos" else "honour")
    named_in_orders(camp, ("Cyrano",), FULL_MISTRESSES)
    monkeypatch.setenv("TEST_IMAP_PASSWORD", dovecot.password)
    run = CliRunner().invoke(main, ["--config", str(tmp_path / "campaigns.toml"), "orders", "ingest", "--imap"])
    assert run.exit_code == 1, run.output  # the big one is rejected
    assert "3 message(s): 2 accepted, 0 held, 1 with problems." in run.output
    again = CliRunner().invoke(main, ["--config", str(tmp_path / "campaigns.toml"), "orders", "ingest", "--imap"])
    assert again.output.count("duplicate") == 3
    with pytest.raises(SourceError, match="login refused"):
        read_imap(settings, password="wrong")


def test_imap_unreachable_is_a_clear_error_within_the_timeout():
    import socket
    import time

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here once closed
    settings = ImapSettings(host="127.0.0.1", port=port, ssl=False, user="gm", timeout=3)
    start = time.monotonic()
    with pytest.raises(SourceError, match="cannot connect"):
        read_imap(settings, password="x")
    assert time.monotonic() - start < 10


def test_imap_without_settings_or_password(tmp_path, monkeypatch):
    (tmp_path / "campaigns.toml").write_text('[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\n')
    camp = load_one(tmp_path / "campaigns.toml", "t")
    ops.init(camp)
    with pytest.raises(ops.CampaignError, match=r"no \[campaigns.t.mail.imap\] settings"):
        ops.ingest_imap(camp)
    monkeypatch.delenv("ENGARDE_IMAP_PASSWORD", raising=False)
    with pytest.raises(SourceError, match="set the environment variable ENGARDE_IMAP_PASSWORD"):
        read_imap(ImapSettings(host="127.0.0.1", user="gm"))


def test_mail_read_without_decoding_it_decodes_to_the_same_message(tmp_path):
    """``decode=False`` keeps each message's bytes only (the intake decodes only the mail it has
    not stored); ``decoded`` then reads it as reading it at once does, from each kind of source."""
    box = mailbox.mbox(str(tmp_path / "orders.mbox"))
    first = mailbox.mboxMessage(mail(FULL))
    first.set_from("paul@example.org", (2030, 1, 29, 9, 30, 0, 1, 29, 0))
    box.add(first)
    box.close()
    folder = tmp_path / "folder"
    folder.mkdir()
    (folder / "a.eml").write_bytes(bytes(mail(FULL)))
    (folder / "b.txt").write_text("Character: Athos\nWeek 1: rest\n")
    (folder / "big.eml").write_bytes(b"x" * 5000)
    for path in (tmp_path / "orders.mbox", folder, folder / "a.eml"):
        whole = read_path(path, max_bytes=4096)
        bare = read_path(path, max_bytes=4096, decode=False)
        assert [m.undecoded for m in bare] == [not m.too_large for m in whole]
        assert all(not m.body and m.sender is None for m in bare if m.undecoded)
        assert [decoded(m, 4096) for m in bare] == whole

"""`engarde deadline` (issue 13): the GM's routine in one command, on the mail-out test campaign
(the demo's gentlemen and Jacques Lefèvre, a forged sheet and one for no one) with a real SMTP
server on loopback: each step's line, each stop (sheets with problems, the NMR refusal, the
deadline not yet passed, no schedule, an SMTP failure) with its one line and exit status 1, and
a run again after a stop going on without redoing what was done."""

from __future__ import annotations

import datetime as dt
import os

import pytest
from click.testing import CliRunner

from engarde import store
from engarde.cli import main
from engarde.ops import mailing, resolved_months
from engarde.store import CampaignRow, CharacterRow, LedgerRow
from sqlmodel import select
from smtp_server import free_port
from test_mail_out import JACQUES, JACQUES_MAIL, PLAYERS, STRANGER, Campaign, settings
from imap_server import serving

UTC = dt.timezone.utc
SENT_ON = dt.datetime(2025, 3, 29, 12, 0, tzinfo=UTC)
NOW = dt.datetime.now(UTC)
PAST = NOW - dt.timedelta(days=100)  # April 1607's deadline: passed (the demo's mail was sent before it)


def scheduled(port: int, start: dt.datetime = PAST, extra: str = "") -> str:
    """The test campaign with a yearly deadline from ``start``: April 1607 closes then, May a year later."""
    rule = (f'deadlines = "FREQ=YEARLY;BYHOUR={start.hour};BYMINUTE=0;BYSECOND=0"\n'
            f"deadline_start = {start:%Y-%m-%dT%H}:00:00\ntimezone = \"UTC\"\n")
    return settings(port, extra).replace('orders = "orders"\n', f'orders = "orders"\n{rule}')


@pytest.fixture
def camp(tmp_path, smtp):
    c = Campaign(tmp_path, smtp.port)
    c.config.write_text(scheduled(smtp.port))
    for f in (tmp_path / "orders").iterdir():  # the GM's text files: typed before the deadline
        os.utime(f, (SENT_ON.timestamp(), SENT_ON.timestamp()))
    with store.transaction(c.camp.database) as s:  # set up before the first deadline
        row = s.get(CampaignRow, "mo")
        row.created_at = PAST - dt.timedelta(days=1)
        s.add(row)
    return c


def run(camp: Campaign, *args: str, code: int = 0) -> tuple[str, str]:
    result = CliRunner().invoke(main, ["--config", str(camp.config), "deadline", "--no-pdf", *args], env={},
                                catch_exceptions=False)
    assert result.exit_code == code, result.output + result.stderr
    assert "Traceback" not in result.output + result.stderr
    return result.stdout, result.stderr


def test_the_whole_routine_stops_for_the_sheets_with_problems_then_goes_on(camp, smtp):
    out, err = run(camp, code=1)
    # Read the mail, mailed the confirmations, stopped at the two refused sheets, resolved nothing.
    assert "ingest: 9 new message(s) from " in out and "7 accepted, 0 held, 3 with problems; 0 read before" in out
    assert "confirmation(s) mailed: 8 sent" in out
    assert err.startswith("engarde: stopped: 3 sheet(s) read just now have problems: ")
    assert "forged.eml (Porthos)" in err and "nobody.eml" in err and "jacques.txt (Jacques)" in err and "'engarde deadline' again" in err
    assert err.count("\n") == 1
    assert resolved_months(camp.camp) == [] and len(smtp.received) == 8
    assert all(STRANGER not in r.rcpt_tos for r in smtp.received)
    # Run again: nothing read or sent twice; the month resolved, its gazette written and mailed.
    out, err = run(camp)
    lines = out.splitlines()
    assert lines[0].startswith("ingest: 0 new message(s)") and "9 read before" in lines[0]
    assert lines[1] == "confirmation(s) mailed: nothing new to send"
    assert lines[2] == "orders: 7 of 8 character(s) have orders in; none from Jacques Lefèvre (standing orders, else rest)"
    assert lines[3].startswith("resolved April 1607 (seed ") and "7 order sheet(s), 8 character(s)" in lines[3]
    assert lines[4].startswith("gazette of April 1607 written (1607-04.html) with 8 report(s)")
    assert lines[5] == "reports and gazette mailed: 9 sent"
    assert lines[6] == "Done." and err == ""
    assert [str(m) for m in resolved_months(camp.camp)] == ["April 1607"]
    assert (camp.folder / "newsletters" / "mo" / "1607-04.html").is_file()
    for name, address in {**PLAYERS, "Jacques Lefèvre": JACQUES_MAIL}.items():
        reports = [m for m in smtp.to(address) if "private report" in m["Subject"]]
        assert len(reports) == 1 and reports[0]["Subject"].endswith(f"the private report of {name}")
    assert len(smtp.to("reader@example.org")) == 1
    assert len(smtp.received) == 8 + 9
    # And again: May's deadline is a year off; the month resolved is not resolved again.
    out, err = run(camp, code=1)
    assert "the deadline for May 1607 is " in err and "not yet passed" in err
    assert "April 1607 is resolved and published" in err
    assert [str(m) for m in resolved_months(camp.camp)] == ["April 1607"] and len(smtp.received) == 17


def test_most_characters_silent_stops_unless_forced(camp, smtp):
    for f in (camp.folder / "orders").iterdir():
        if f.name != "porthos.eml":
            f.unlink()
    out, err = run(camp, code=1)
    assert "of 8 characters have no orders for April 1607" in err and "Athos" in err
    assert "'engarde deadline --force'" in err and "run the turn with" not in err
    assert resolved_months(camp.camp) == []
    out, err = run(camp, "--force")
    assert "resolved April 1607" in out and "Done." in out
    assert [str(m) for m in resolved_months(camp.camp)] == ["April 1607"]


def test_the_deadline_not_yet_passed_stops_after_the_mail_is_read(camp, smtp):
    future = NOW + dt.timedelta(days=30)
    camp.config.write_text(scheduled(smtp.port, future))
    out, err = run(camp, code=1)
    assert "ingest: 9 new message(s)" in out  # the mail is read and confirmed at any time
    assert "confirmation(s) mailed: 8 sent" in out
    assert "3 sheet(s) read just now have problems" in err
    out, err = run(camp, code=1)
    assert err.startswith("engarde: stopped: the deadline for April 1607 is ") and "not yet passed" in err
    assert "--force" in err and resolved_months(camp.camp) == []
    assert "reminders: not yet (they go within 48 hours of the deadline, mail.remind_before)" in out
    assert not [r for r in smtp.received if "your orders for" in r.message["Subject"]]
    out, err = run(camp, "--force")
    assert "resolved April 1607" in out


def test_no_deadline_schedule_needs_force(camp, smtp):
    camp.config.write_text(settings(smtp.port))
    run(camp, code=1)  # the sheets with problems
    _, err = run(camp, code=1)
    assert "no deadline schedule" in err and "engarde deadline --force" in err
    assert resolved_months(camp.camp) == []


def test_an_smtp_failure_stops_and_a_run_again_retries_and_goes_on(camp, smtp):
    dead = free_port()
    camp.config.write_text(scheduled(dead))
    out, err = run(camp, code=1)
    assert "confirmation(s) mailed: 8 failed" in out
    assert err.startswith("engarde: stopped: 8 confirmation(s) not sent: ") and f"127.0.0.1:{dead}" in err
    assert "failed ones are tried again" in err and err.count("\n") == 1
    assert "Also, 3 sheet(s) read just now have problems: " in err  # said now: the run again reads them as duplicates
    assert resolved_months(camp.camp) == []
    camp.config.write_text(scheduled(smtp.port))
    out, err = run(camp)  # retried and sent, and on to the month
    assert "ingest: 0 new message(s)" in out and "confirmation(s) mailed: 8 sent" in out
    assert "resolved April 1607" in out and "reports and gazette mailed: 9 sent" in out
    assert len(smtp.received) == 8 + 9 and {r.attempts for r in mailing.sent_mail(camp.camp) if r.kind == "confirmation"} == {2}


def test_a_failure_when_publishing_then_the_month_resolved_is_published_not_resolved_again(camp, smtp):
    run(camp, code=1)  # the sheets with problems
    dead = free_port()
    camp.config.write_text(scheduled(dead))
    out, err = run(camp, code=1)
    assert "resolved April 1607" in out and "reports and gazette mailed: 9 failed" in out
    assert err.startswith("engarde: stopped: 9 message(s) not sent: ")
    camp.config.write_text(scheduled(smtp.port))
    out, err = run(camp)
    assert "April 1607: already resolved, its publication not all out: publishing it now" in out
    assert "reports and gazette mailed: 9 sent" in out
    assert "May 1607: its deadline is " in out and "resolved April" not in out
    assert [str(m) for m in resolved_months(camp.camp)] == ["April 1607"]
    assert len(smtp.received) == 8 + 9
    assert {r.status for r in mailing.sent_mail(camp.camp)} == {"sent"}


def test_no_mail_and_no_smtp_say_which_command_sends_it(camp, smtp):
    out, _ = run(camp, "--no-mail", code=1)
    assert "confirmations: 9 to send, not mailed: 'engarde mail confirmations' mails them (--no-mail)" in out
    camp.config.write_text(scheduled(smtp.port).split("[campaigns.mo.mail.smtp]")[0])
    out, _ = run(camp)
    assert "confirmations: none new to send" in out
    assert "reports: not mailed (no [mail.smtp] settings): 'engarde mail publish \"April 1607\"' mails them" in out
    assert smtp.received == [] and mailing.sent_mail(camp.camp) == []
    out, err = run(camp, code=1)  # the gazette written, nothing to mail: the month is done
    assert "April 1607 is resolved and published" in err


def test_dry_run_mail_writes_eml_files(camp, smtp, tmp_path):
    outbox = tmp_path / "outbox"
    run(camp, "--dry-run-mail", str(outbox), code=1)
    out, _ = run(camp, "--dry-run-mail", str(outbox))
    assert f"reports and gazette written to {outbox}: 9 written" in out
    assert len(list(outbox.glob("*.eml"))) == 8 + 8 + 9  # nothing recorded: the confirmations written twice
    assert smtp.received == [] and mailing.sent_mail(camp.camp) == []


@pytest.mark.parametrize("args, said", [
    (("--source", "no/such/folder"), "no/such/folder"),
    (("--no-mail", "--dry-run-mail", "x"), "not both"),
])
def test_what_cannot_run_is_one_line_exit_2(camp, smtp, args, said):
    out, err = run(camp, *args, code=2)
    assert said in err and err.count("\n") == 1 and out == ""


def test_an_smtp_password_not_in_the_environment_stops_before_the_mail_is_read(camp, smtp):
    camp.config.write_text(scheduled(smtp.port, extra='user = "gm"\npassword_env = "NO_SUCH_VAR_FOR_TEST"\n'))
    out, err = run(camp, code=2)
    assert "NO_SUCH_VAR_FOR_TEST" in err and out == ""
    from engarde import ops
    assert ops.stored_sheets(camp.camp) == []


def test_help_gives_examples_and_the_readme_shows_the_routine():
    from pathlib import Path
    text = CliRunner().invoke(main, ["deadline", "--help"]).output
    assert "Examples:" in text and "engarde deadline --force --no-mail" in text
    for option in ("--source", "--force", "--no-mail", "--dry-run-mail"):
        assert option in text
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    routine = readme.split("## Starting a real campaign")[1].split("## The order language")[0]
    assert "engarde deadline" in routine
    for command in ("status", "orders missing", "press", "audit"):
        assert "--json  Print" in CliRunner().invoke(main, [*command.split(), "--help"]).output
        assert f"engarde {command} " in readme and "--json" in readme


def test_forced_the_run_that_publishes_the_month_resolved_does_not_resolve_the_next(camp, smtp):
    for f in (camp.folder / "orders").iterdir():
        if f.name != "porthos.eml":
            f.unlink()
    camp.cli("orders", "ingest")
    camp.cli("mail", "confirmations")
    camp.config.write_text(scheduled(free_port()))
    out, err = run(camp, "--force", code=1)  # the month forced (most are silent), its reports not sent
    assert "resolved April 1607" in out and "message(s) not sent" in err
    camp.config.write_text(scheduled(smtp.port))
    out, err = run(camp, "--force")  # the same command again once the server is back
    assert "publishing it now" in out and "reports and gazette mailed: 9 sent" in out
    assert "May 1607: its deadline is " in out and "run 'engarde deadline' again to resolve it" in out
    assert [str(m) for m in resolved_months(camp.camp)] == ["April 1607"]


def test_a_campaign_with_no_one_to_mail_publishes_a_month_once(camp, smtp):
    """Without readers or addresses on record the publication mails nothing, and is recorded all
    the same: the routine goes on to the next deadline instead of publishing the same month again
    each run."""
    camp.config.write_text(scheduled(smtp.port).replace('readers = ["reader@example.org"]\n', ""))
    camp.cli("orders", "ingest", code=None)
    camp.cli("turn", "run", "--force")
    for name in [*PLAYERS, JACQUES]:
        camp.cli("character", "email", name, "")
    camp.cli("gazette", "--no-pdf")
    out, err = run(camp)  # 'mail publish' never ran: the routine runs it, with nobody to mail
    assert "publishing it now" in out and "reports and gazette mailed: 8 no address" in out
    out, err = run(camp, code=1)
    assert "publishing it now" not in out and "gazette of April 1607 written" not in out
    assert "the deadline for May 1607 is " in err and "not yet passed" in err
    assert smtp.received == []


def test_before_the_deadline_each_missing_man_is_reminded_once_with_his_sheet(camp, smtp):
    """Within mail.remind_before of the deadline the routine mails the reminders (engarde mail
    reminders) before it stops: each man without orders one, his own sheet attached; a run again
    sends none twice."""
    for name in ("forged.eml", "nobody.eml", "jacques.txt", "athos.eml"):
        (camp.folder / "orders" / name).unlink()
    camp.config.write_text(scheduled(smtp.port, NOW + dt.timedelta(hours=25)))
    out, err = run(camp, code=1)
    assert "ingest: 5 new message(s)" in out and "confirmation(s) mailed: 5 sent" in out
    assert "reminder(s) mailed: 3 sent" in out  # Athos, Jacques (the demo's) and Jacques Lefèvre
    assert err.startswith("engarde: stopped: the deadline for April 1607 is ") and "not yet passed" in err
    reminders = [r for r in smtp.received if "your orders for April 1607" in r.message["Subject"]]
    missing = {"Athos": PLAYERS["Athos"], "Jacques": PLAYERS["Jacques"], JACQUES: JACQUES_MAIL}
    assert sorted(a for r in reminders for a in r.rcpt_tos) == sorted(missing.values())
    for name, address in missing.items():
        [msg] = [m for m in smtp.to(address) if "your orders for" in m["Subject"]]
        [sheet] = list(msg.iter_attachments())
        text = sheet.get_content().replace("\r\n", "\n")
        assert text.startswith(f"# Order sheet of {name} for April 1607") and f"\nCharacter: {name}\n" in text
    for name in ("Porthos", "Aramis", "D'Artagnan"):  # orders in: no reminder
        assert not [m for m in smtp.to(PLAYERS[name]) if "your orders for" in m["Subject"]]
    count = len(smtp.received)
    out, err = run(camp, code=1)
    assert "reminder(s) mailed: nothing new to send" in out and "not yet passed" in err
    assert len(smtp.received) == count
    assert [r.status for r in mailing.sent_mail(camp.camp) if r.kind == "reminder"] == ["sent"] * 3


def test_the_reminders_window_is_the_campaigns(camp, smtp):
    """mail.remind_before widens the window: a deadline 25 hours off is outside "12h"."""
    camp.config.write_text(scheduled(smtp.port, NOW + dt.timedelta(hours=25))
                           .replace('readers = [', 'remind_before = "12h"\nreaders = ['))
    run(camp, code=1)  # the sheets with problems
    out, err = run(camp, code=1)
    assert "reminders: not yet (they go within 12 hours of the deadline, mail.remind_before)" in out
    assert not [r for r in smtp.received if "your orders for" in r.message["Subject"]]
    out = camp.cli("mail", "reminders", code=2)
    assert "more than 12 hours away" in out
    camp.config.write_text(scheduled(smtp.port, NOW + dt.timedelta(hours=25))
                           .replace('readers = [', 'remind_before = "soon"\nreaders = ['))
    out = camp.cli("status", code=2)
    assert "campaigns.mo.mail.remind_before: 'soon': give hours or days, like 48h or 2d" in out


@pytest.fixture
def dovecot(camp):
    """A real Dovecot (tests/imap_server.py) whose INBOX holds the demo's order mail (its .eml
    messages; the .txt sheets are the GM's typing, never mail); skipped where it cannot run."""
    messages = [f.read_bytes() for f in sorted((camp.folder / "orders").glob("*.eml"))
                if f.name not in ("forged.eml", "nobody.eml")]
    with serving(messages) as server:
        yield server


def test_the_routine_reads_the_imap_folder_confirms_by_smtp_resolves_and_publishes(camp, smtp, dovecot,
                                                                                    monkeypatch):
    """A campaign whose order mail is an IMAP folder (a real Dovecot): `engarde deadline` reads it
    (read-only), mails each sender's confirmation to his address on record, resolves the month
    and mails the reports; run again, the messages still in the folder are not read twice."""
    imap = (f'[campaigns.mo.mail.imap]\nhost = "127.0.0.1"\nport = {dovecot.port}\nssl = false\n'
            f'user = "{dovecot.user}"\npassword_env = "TEST_IMAP_PASSWORD"\ntimeout = 5\n')
    camp.config.write_text(scheduled(smtp.port) + imap)
    monkeypatch.setenv("TEST_IMAP_PASSWORD", dovecot.password)
    out, err = run(camp)
    lines = out.splitlines()
    assert lines[0] == ("ingest: 5 new message(s) from IMAP 127.0.0.1/INBOX: 5 accepted, 0 held, 0 with problems; "
                        "0 read before")
    assert lines[1] == "confirmation(s) mailed: 5 sent"
    assert lines[2].startswith("orders: 5 of 8 character(s) have orders in; none from ")
    assert lines[3].startswith("resolved April 1607 (seed ") and "5 order sheet(s), 8 character(s)" in lines[3]
    assert lines[5] == "reports and gazette mailed: 9 sent" and lines[6] == "Done." and err == ""
    confirmed = {m["To"].addresses[0].addr_spec for r in smtp.received for m in [r.message]
                 if m["Subject"].startswith("Re: Orders of ")}
    assert confirmed == {PLAYERS[n] for n in ("Athos", "D'Artagnan", "Falstaff", "Porthos", "Rodney Bergerac")}
    for name, address in PLAYERS.items():  # each his own report, and only his
        reports = [m for m in smtp.to(address) if "private report" in m["Subject"]]
        assert [m["Subject"] for m in reports] == [f"La Gazette de Paris, April 1607: the private report of {name}"]
    assert all(len(r.rcpt_tos) == 1 for r in smtp.received)
    assert [str(m) for m in resolved_months(camp.camp)] == ["April 1607"]
    count = len(smtp.received)
    out, err = run(camp, code=1)
    assert out.startswith("ingest: 0 new message(s) from IMAP 127.0.0.1/INBOX") and "5 read before" in out
    assert "the deadline for May 1607 is " in err and len(smtp.received) == count


def test_a_month_whose_only_addresses_are_dead_mens_is_published_once(camp, smtp):
    """Publication is recorded (turn.mailed_at), not guessed from the sent-mail record: a month
    with nobody to mail but a man dead before it (his address still on record) is published once,
    and the next run goes on to the next deadline instead of publishing it again."""
    camp.config.write_text(scheduled(smtp.port).replace('readers = ["reader@example.org"]\n', ""))
    for name in ("forged.eml", "nobody.eml", "jacques.txt", "athos.eml"):
        (camp.folder / "orders" / name).unlink()
    with store.transaction(camp.camp.database) as s:  # Athos died before April, his address kept
        athos = s.exec(select(CharacterRow).where(CharacterRow.name == "Athos")).one()
        athos.current = {**athos.current, "state": "dead"}
        s.add(athos)
        s.add(LedgerRow(campaign_id="mo", character_id=athos.id, month="1607-03", week=4, field="state",
                        value="dead", reason="killed in a duel before the campaign began (the test's)"))
    camp.cli("orders", "ingest", code=1)  # (Rodney challenges the dead Athos) read while their senders' addresses are on record
    for name in [*PLAYERS, JACQUES]:
        if name != "Athos":
            camp.cli("character", "email", name, "")
    out, err = run(camp)
    assert "resolved April 1607" in out and "reports and gazette mailed: 7 no address" in out, out + err
    assert smtp.received == []
    out, err = run(camp, code=1)
    assert "publishing it now" not in out and "gazette of April 1607 written" not in out
    assert "the deadline for May 1607 is " in err and "not yet passed" in err


def test_a_failed_report_leaves_the_month_unpublished_until_it_is_sent(camp, smtp):
    run(camp, code=1)  # the sheets with problems
    camp.config.write_text(scheduled(free_port()))
    run(camp, code=1)  # resolved, its mail failed
    assert not mailing.publication_mailed(camp.camp, resolved_months(camp.camp)[0])
    camp.config.write_text(scheduled(smtp.port))
    out, _ = run(camp)
    assert "publishing it now" in out
    assert mailing.publication_mailed(camp.camp, resolved_months(camp.camp)[0])

"""Issue 10, item 3: several mails for one month make the month on file (engarde.month_orders).

A sheet without week lines (only a letter to the gazette, only orders for the month, only
standing orders) adds to the month on file and leaves its weeks as they were; a sheet with week
lines is the month written again (its weeks and its orders for the month replace those on
file) but keeps the letters sent before it; the confirmation says what the month now holds and
what the mail changed.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from email import policy
from email.message import EmailMessage

from engarde import ops, store
from engarde.calendar import GameMonth
from engarde.config import load_one
from engarde.month_orders import compose, counting
from engarde.ops.acceptance import ACCEPTED, SUPERSEDED, OnFile, Sent, Who, decide
from engarde.ops.intake import active_sheets
from engarde.parse import parse_sheet
from engarde.registry import core_registry
from engarde.rules.creation.rules import given_character
from engarde.rules.press.orders import Letters
from engarde.rules.status.orders import SupportOrders
from engarde.tables import Tables
from helpers import cli

APRIL = GameMonth(1607, 4)
UTC = dt.timezone.utc
HEAD = "Character: Porthos\nPassword: sack\n"
WEEKS = "Week 1: Practise rapier\nWeek 2: rest\nWeek 3: rest\nWeek 4: rest\n"
LETTER = "Letter to the gazette (anonymous):\nWho drinks water at Hunter's?\nEnd of letter\n"
OTHER_LETTER = "Letter to the gazette (signed):\nThe Cardinal's men are late.\nEnd of letter\n"


def sheet(text: str, source: str = "a.eml"):
    return parse_sheet(HEAD + text, source)


def letters(month) -> list[str]:
    return [x.text for x in month.monthly.of(Letters).letters]


# -- the month on file, pure -------------------------------------------------------------------


def test_a_letter_alone_adds_it_and_the_weeks_stand():
    """As found: a later mail with only a letter replaced the month's orders with four rests."""
    month = compose([sheet(WEEKS + "Conspicuous consumption\n"), sheet(LETTER, "b.eml")])
    assert month.action(1).kind == "practise" and month.source == "a.eml" and month.lines[1] == 3
    assert letters(month) == ["Who drinks water at Hunter's?"]
    assert month.monthly.of(SupportOrders).conspicuous_consumption


def test_orders_for_the_month_alone_replace_those_of_their_kind_only():
    month = compose([sheet(WEEKS + "Conspicuous consumption\nJoin: Red Phillips\n"),
                     sheet("Support: normal\n", "b.eml")])
    assert month.action(1).kind == "practise"
    assert core_registry().describe(month.monthly, "monthly") == ["apply to join Red Phillips"]
    assert not month.monthly.of(SupportOrders).conspicuous_consumption


def test_a_sheet_with_weeks_is_the_month_again_but_keeps_the_letters_sent():
    """Correcting week 3 drops the earlier sheet's orders for the month, not its letter."""
    month = compose([sheet(WEEKS + "Join: Red Phillips\n" + LETTER),
                     sheet(WEEKS.replace("Week 3: rest", "Week 3: Practise sabre"), "b.eml")])
    assert month.action(3).kind == "practise" and month.source == "b.eml"
    assert letters(month) == ["Who drinks water at Hunter's?"]
    assert "apply to join Red Phillips" not in core_registry().describe(month.monthly, "monthly")


def test_the_same_letter_sent_again_is_printed_once_and_withdraw_takes_them_back():
    again = compose([sheet(WEEKS + LETTER), sheet(WEEKS + LETTER + OTHER_LETTER, "b.eml")])
    assert letters(again) == ["Who drinks water at Hunter's?", "The Cardinal's men are late."]
    withdrawn = compose([sheet(WEEKS + LETTER), sheet("Withdraw letters\n" + OTHER_LETTER, "b.eml")])
    assert letters(withdrawn) == ["The Cardinal's men are late."] and withdrawn.action(1).kind == "practise"
    assert letters(compose([sheet(WEEKS + LETTER), sheet("Withdraw my letters\n", "b.eml")])) == []


def test_standing_orders_given_on_any_sheet_stand_until_changed():
    month = compose([sheet(WEEKS + "If challenged: accept with sabre\nRival suitor: fight\n"),
                     sheet(WEEKS + "Rival suitor: withdraw\n", "b.eml")])
    assert core_registry().describe(month.standing, "standing") == ["If challenged: accept with the sabre",
                                                                    "Rival suitor: withdraw"]


def test_a_sheet_that_adds_nothing_any_more_no_longer_counts():
    """Superseded: the earlier full sheet (its weeks replaced, no letter) and the earlier copy of a
    letter; a letter-only sheet still counts after a corrected full sheet."""
    a, b, c = sheet(WEEKS), sheet(LETTER, "b.eml"), sheet(WEEKS + LETTER, "c.eml")
    assert counting([("a", a), ("b", b), ("c", c)]) == ["c"]
    assert counting([("a", a), ("b", b), ("d", sheet(WEEKS, "d.eml"))]) == ["b", "d"]
    assert counting([("a", a)]) == ["a"]


# -- decide --------------------------------------------------------------------------------------

DEADLINE = dt.datetime(2030, 1, 31, 18, tzinfo=UTC)


class Deadlines:
    def deadline(self, month):
        return DEADLINE

    def month_for(self, received, current):
        return current, DEADLINE


PORTHOS = [Who("Porthos", "paul@example.org", "sack")]


def test_decide_adds_a_letter_to_the_month_on_file_and_supersedes_nothing():
    on_file = [OnFile(7, "a.eml", DEADLINE - dt.timedelta(days=3), sheet(WEEKS))]
    d = decide(sheet(LETTER, "b.eml"), Sent("b.eml", "paul@example.org", True, DEADLINE - dt.timedelta(days=1)),
               PORTHOS, APRIL, Deadlines(), on_file)
    assert d.status == ACCEPTED and d.replaces == []
    assert d.month_sheet.action(1).kind == "practise" and letters(d.month_sheet) == ["Who drinks water at Hunter's?"]
    assert d.before.action(1).kind == "practise" and letters(d.before) == []


def test_an_earlier_letter_read_after_a_later_full_sheet_still_counts():
    """Sent earlier, read later: what the later sheet gives stands; the letter is added."""
    on_file = [OnFile(8, "b.eml", DEADLINE - dt.timedelta(hours=1), sheet(WEEKS, "b.eml"))]
    d = decide(sheet(LETTER), Sent("a.eml", "paul@example.org", True, DEADLINE - dt.timedelta(days=2)),
               PORTHOS, APRIL, Deadlines(), on_file)
    assert d.status == ACCEPTED and d.replaces == [] and letters(d.month_sheet)
    assert any("sent before b.eml" in n for n in d.notes)
    full = decide(sheet(WEEKS), Sent("a.eml", "paul@example.org", True, DEADLINE - dt.timedelta(days=2)),
                  PORTHOS, APRIL, Deadlines(), on_file)
    assert full.status == SUPERSEDED and "b.eml, sent later, is already on file" in full.reason


# -- through the intake and the month -------------------------------------------------------------


@pytest.fixture
def gm(tmp_path):
    (tmp_path / "mail").mkdir()
    (tmp_path / "campaigns.toml").write_text(
        '[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\nseed = "t"\norders = "mail"\n')
    camp = load_one(tmp_path / "campaigns.toml", "t")
    ops.init(camp)
    ops.add_character(camp, given_character(Tables(), "Porthos", email="paul@example.org", social_level=6, crowns=200,
                                            strength=10, constitution=10, expertise=10, military_ability=3),
                      password="sack")
    run = cli(tmp_path / "campaigns.toml")
    run.camp, run.mail = camp, tmp_path / "mail"
    return run


def send(gm, name: str, body: str, hour: int) -> None:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = "paul@example.org", "gm@example.org", "orders"
    m["Date"] = f"Tue, 29 Jan 2030 {hour:02d}:00:00 +0000"
    m.set_content(HEAD + body)
    (gm.mail / name).write_bytes(m.as_bytes(policy=policy.default))


def test_a_letter_by_a_later_mail_is_printed_and_the_weeks_are_played(gm, tmp_path):
    """As found: the later letter-only mail left Porthos four rests.  Now the month keeps his weeks
    (he practises in week 1), prints his letter, and the confirmation says what changed."""
    send(gm, "a.eml", WEEKS + "Conspicuous consumption\n", 9)
    ops.ingest(gm.camp, gm.mail)
    send(gm, "b.eml", LETTER, 10)
    r = next(x for x in ops.ingest(gm.camp, gm.mail) if x.source.endswith("b.eml"))
    assert r.status == ops.ACCEPTED
    text = r.confirmation
    assert "What this mail changed in your orders on file for April 1607:" in text
    assert "it has no week lines: the weeks on file stand" in text
    assert "1 letter to the gazette added (1 on file)" in text
    assert "  Week 1: Practise with the rapier\n" in text and "conspicuous consumption" in text
    assert "Who drinks water at Hunter's?" in text
    assert [x.status for x in ops.stored_sheets(gm.camp)] == ["accepted", "accepted"]
    with store.transaction(gm.camp.database) as s:
        month = active_sheets(s, gm.camp, APRIL, core_registry())["Porthos"]
    assert month.action(1).kind == "practise" and letters(month)
    assert "Who drinks water at Hunter's?" in gm("press")
    report = ops.run_turn(gm.camp)
    assert any(e.code == "practice" or "practi" in e.code for e in report.events if e.week == 1)
    gm("gazette", "--no-pdf", "--no-reports")
    assert "Who drinks water at Hunter&#39;s?" in (Path(gm.camp.newsletters) / "t" / "1607-04.html").read_text()


def test_a_corrected_week_keeps_the_letter_sent_before(gm):
    send(gm, "a.eml", WEEKS + LETTER, 9)
    send(gm, "b.eml", WEEKS.replace("Week 3: rest", "Week 3: Practise sabre") + OTHER_LETTER, 10)
    a, b = ops.ingest(gm.camp, gm.mail)
    assert (a.status, b.status) == (ops.ACCEPTED, ops.ACCEPTED)
    assert "its week lines replace the weeks on file" in b.confirmation
    assert "1 letter to the gazette added (2 on file)" in b.confirmation
    assert "Who drinks water" in b.confirmation and "The Cardinal's men are late." in b.confirmation
    out = gm("press")
    assert "Who drinks water" in out and "The Cardinal's men are late." in out
    assert [x.status for x in ops.stored_sheets(gm.camp)] == ["accepted", "accepted"]  # a.eml's letter counts
    send(gm, "c.eml", "Withdraw letters\n", 11)
    ops.ingest(gm.camp, gm.mail)
    assert "No letters to the gazette" in gm("press")
    assert [x.status for x in ops.stored_sheets(gm.camp)] == ["superseded", "accepted", "accepted"]


def test_a_first_mail_with_no_weeks_says_he_rests(gm):
    send(gm, "a.eml", LETTER, 9)
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.ACCEPTED and "you rest all four weeks unless you send them" in r.confirmation

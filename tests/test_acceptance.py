"""Whether a sheet is taken, and for which month (engarde.ops.acceptance): pure, no database.

README, "Mail: who, when": a sheet must name its character and carry his password, and mail
must come from the player's registered address (a character with none takes only text files
the GM puts in); one received after its month's deadline is held for the next month; a later
sheet for the same month replaces an earlier one.
"""

from __future__ import annotations

import datetime as dt

from engarde import codes
from engarde.calendar import GameMonth
from engarde.ops.acceptance import (ACCEPTED, HELD, REJECTED, SUPERSEDED, OnFile, Sent, Who, decide,
                                    password_change_problem)
from engarde.orders import OrderSheet, Rest
from engarde.passwords import hash_password

APRIL, MAY = GameMonth(1607, 4), GameMonth(1607, 5)
UTC = dt.timezone.utc
DEADLINE = dt.datetime(2030, 1, 31, 18, tzinfo=UTC)


class Deadlines:
    """April closes on 31 January 2030 at 18:00, May a month later."""

    def deadline(self, month):
        return DEADLINE + dt.timedelta(days=30 * month.months_since(APRIL))

    def month_for(self, received, current):
        month = current
        while received > self.deadline(month):
            month = month.next()
        return month, self.deadline(month)


EVERYONE = [Who("Porthos", "paul@example.org", "wine"), Who("Athos", "anne@example.org", "honour"),
            Who("Aramis", "", "prayer"), Who("Rochefort", "rob@example.org", "cardinal", dead=True, died=APRIL.previous())]


def sheet(character="Porthos", password="wine", month=None, new_password=None, weeks=None) -> OrderSheet:
    return OrderSheet("p.eml", character, password, month, weeks=dict(weeks or {}), new_password=new_password)


def sent(sender="paul@example.org", when=DEADLINE - dt.timedelta(days=1), is_mail=True) -> Sent:
    return Sent("p.eml", sender, is_mail, when)


def test_his_own_sheet_by_the_deadline_is_accepted_for_the_month():
    d = decide(sheet(), sent(), EVERYONE, APRIL, Deadlines(), [])
    assert (d.status, d.month, d.character.name) == (ACCEPTED, APRIL, "Porthos")


def test_from_another_players_address_it_is_rejected_naming_whose_address():
    d = decide(sheet(), sent("anne@example.org"), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == REJECTED and "the address of Athos's player" in d.reason
    assert [e.code for e in d.errors] == [codes.E_UNKNOWN_SENDER] and d.character is None


def test_the_address_is_compared_without_regard_to_case():
    assert decide(sheet(), sent("PAUL@Example.ORG"), EVERYONE, APRIL, Deadlines(), []).status == ACCEPTED


def test_a_wrong_or_missing_password_is_rejected():
    for password in ("beer", None):
        d = decide(sheet(password=password), sent(), EVERYONE, APRIL, Deadlines(), [])
        assert d.status == REJECTED and [e.code for e in d.errors] == [codes.E_WRONG_PASSWORD]


def test_a_text_file_is_taken_on_its_password():
    d = decide(sheet(), sent(None, is_mail=False), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == ACCEPTED and "accepted on the character's password" in d.notes[0]


def test_mail_for_a_character_with_no_address_on_record_is_refused_and_a_text_file_taken():
    """Issue 10, item 5: with no address on record, mail cannot be told from a forgery: it is
    refused (the GM puts the player's sheets in as text files, or records his address)."""
    d = decide(sheet("Aramis", "prayer"), sent("anyone@example.net"), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == REJECTED and [e.code for e in d.errors] == [codes.E_NO_ADDRESS]
    assert "no mail address is on record for Aramis's player" in d.reason and "character email" in d.reason
    d = decide(sheet("Aramis", "prayer"), sent(None, is_mail=False), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == ACCEPTED


def test_a_hashed_password_on_record_is_checked():
    """Issue 10, item 7: the password on record is a hash; the sheet's is checked against it."""
    hashed = [Who("Porthos", "paul@example.org", hash_password("wine"))]
    assert decide(sheet(password="wine"), sent(), hashed, APRIL, Deadlines(), []).status == ACCEPTED
    for wrong in ("Wine", "wine ", "", None):
        d = decide(sheet(password=wrong), sent(), hashed, APRIL, Deadlines(), [])
        assert d.status == REJECTED and [e.code for e in d.errors] == [codes.E_WRONG_PASSWORD], wrong


def test_a_character_with_no_password_on_record_takes_no_sheet():
    """Issue 10, item 5: a character with no password (made before every character had one) took
    any sheet from his address, so a forged sender could give his orders and change his
    password: now his sheets are refused until the GM gives him one."""
    bare = [Who("Porthos", "paul@example.org", "")]
    for password in (None, "", "anything"):
        d = decide(sheet(password=password, new_password="mine-now"), sent(), bare, APRIL, Deadlines(), [])
        assert d.status == REJECTED and [e.code for e in d.errors] == [codes.E_NO_PASSWORD]
        assert d.new_password is None and "engarde character password" in d.reason


def test_an_unknown_or_dead_character_or_a_closed_month_is_rejected():
    assert decide(sheet("Mordaunt"), sent(), EVERYONE, APRIL, Deadlines(), []).errors[0].code == \
        codes.E_UNKNOWN_CHARACTER
    dead = decide(sheet("Rochefort", "cardinal"), sent("rob@example.org"), EVERYONE, APRIL, Deadlines(), [])
    assert dead.errors[0].code == codes.E_DEAD_CHARACTER and "died in March 1607" in dead.reason
    closed = decide(sheet(month=APRIL.previous()), sent(), EVERYONE, APRIL, Deadlines(), [])
    assert closed.errors[0].code == codes.E_CLOSED_MONTH


def test_after_the_deadline_it_is_held_for_the_next_month():
    d = decide(sheet(), sent(when=DEADLINE + dt.timedelta(hours=1)), EVERYONE, APRIL, Deadlines(), [])
    assert (d.status, d.month) == (HELD, MAY) and "after the deadline for April 1607" in d.reason


def test_a_later_sheet_replaces_an_earlier_one_and_an_earlier_one_is_superseded():
    weeks = {1: Rest()}
    earlier = OnFile(7, "old.eml", DEADLINE - dt.timedelta(days=3), OrderSheet("old.eml", "Porthos", weeks=weeks))
    d = decide(sheet(weeks=weeks), sent(), EVERYONE, APRIL, Deadlines(), [earlier])
    assert d.status == ACCEPTED and d.replaces == [7]
    later = OnFile(8, "new.eml", DEADLINE - dt.timedelta(hours=1), OrderSheet("new.eml", "Porthos", weeks=weeks))
    d = decide(sheet(weeks=weeks), sent(), EVERYONE, APRIL, Deadlines(), [later])
    assert d.status == SUPERSEDED and d.replaces == [] and "new.eml, sent later" in d.reason


def test_a_new_password_is_put_on_record_only_from_a_sheet_that_counts():
    d = decide(sheet(new_password="sack"), sent(), EVERYONE, APRIL, Deadlines(), [])
    assert d.new_password == "sack"
    d = decide(sheet(new_password="sack"), sent("anne@example.org"), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == REJECTED and d.new_password is None


def test_a_new_password_from_a_text_file_is_refused_but_the_sheet_is_read():
    """Issue 10, item 5: a password changes only by mail from the address on record; a text file
    has no sender, so its sheet counts but its 'New password:' does not, and it says why."""
    d = decide(sheet(new_password="sack"), sent(None, is_mail=False), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == ACCEPTED and d.new_password is None
    assert [e.code for e in d.errors] == [codes.E_PASSWORD_REFUSED]
    assert any("the new password was NOT put on record" in n and "text file has no sender" in n for n in d.notes)


def test_a_password_change_needs_the_address_on_record_and_the_present_password():
    """Issue 10, item 5: the address on record AND the old password on the same sheet."""
    porthos = EVERYONE[0]
    assert password_change_problem(sheet(new_password="sack"), sent(), porthos) is None
    assert "present password" in password_change_problem(sheet(password=None, new_password="sack"), sent(), porthos)
    assert "present password" in password_change_problem(sheet(password="beer", new_password="sack"), sent(), porthos)
    assert "address on record" in password_change_problem(sheet(new_password="sack"), sent("x@example.net"), porthos)
    assert "address on record" in password_change_problem(sheet("Aramis", "prayer", new_password="sack"),
                                                           sent("x@example.net"), EVERYONE[2])


def test_an_unfit_new_password_is_refused_with_the_reason():
    d = decide(sheet(new_password="x" * 201), sent(), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == ACCEPTED and d.new_password is None
    assert any("at most 200 characters" in n for n in d.notes)

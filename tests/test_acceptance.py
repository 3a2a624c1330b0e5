"""Whether a sheet is taken, and for which month (engarde.ops.acceptance): pure, no database.

README, "Mail: who, when": a sheet must name its character and carry his password, and mail
must come from the player's registered address; one received after its month's deadline is
held for the next month; a later sheet for the same month replaces an earlier one.
"""

from __future__ import annotations

import datetime as dt

from engarde import codes
from engarde.calendar import GameMonth
from engarde.ops.acceptance import ACCEPTED, HELD, REJECTED, SUPERSEDED, OnFile, Sent, Who, decide
from engarde.orders import OrderSheet

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
            Who("Aramis", "", "prayer"), Who("Rochefort", "rob@example.org", "", dead=True, died=APRIL.previous())]


def sheet(character="Porthos", password="wine", month=None, new_password=None) -> OrderSheet:
    return OrderSheet("p.eml", character, password, month, new_password=new_password)


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


def test_no_address_on_record_takes_any_sender_and_a_text_file_is_taken_on_its_password():
    d = decide(sheet("Aramis", "prayer"), sent("anyone@example.net"), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == ACCEPTED and "a sheet from any sender is accepted" in d.notes[0]
    d = decide(sheet(), sent(None, is_mail=False), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == ACCEPTED and "accepted on the character's password" in d.notes[0]


def test_an_unknown_or_dead_character_or_a_closed_month_is_rejected():
    assert decide(sheet("Mordaunt"), sent(), EVERYONE, APRIL, Deadlines(), []).errors[0].code == \
        codes.E_UNKNOWN_CHARACTER
    dead = decide(sheet("Rochefort", ""), sent("rob@example.org"), EVERYONE, APRIL, Deadlines(), [])
    assert dead.errors[0].code == codes.E_DEAD_CHARACTER and "died in March 1607" in dead.reason
    closed = decide(sheet(month=APRIL.previous()), sent(), EVERYONE, APRIL, Deadlines(), [])
    assert closed.errors[0].code == codes.E_CLOSED_MONTH


def test_after_the_deadline_it_is_held_for_the_next_month():
    d = decide(sheet(), sent(when=DEADLINE + dt.timedelta(hours=1)), EVERYONE, APRIL, Deadlines(), [])
    assert (d.status, d.month) == (HELD, MAY) and "after the deadline for April 1607" in d.reason


def test_a_later_sheet_replaces_an_earlier_one_and_an_earlier_one_is_superseded():
    earlier = OnFile(7, "old.eml", DEADLINE - dt.timedelta(days=3))
    d = decide(sheet(), sent(), EVERYONE, APRIL, Deadlines(), [earlier])
    assert d.status == ACCEPTED and d.replaces == [7]
    later = OnFile(8, "new.eml", DEADLINE - dt.timedelta(hours=1))
    d = decide(sheet(), sent(), EVERYONE, APRIL, Deadlines(), [later])
    assert d.status == SUPERSEDED and d.replaces == [] and "new.eml, sent later" in d.reason


def test_a_new_password_is_put_on_record_only_from_a_sheet_that_counts():
    d = decide(sheet(new_password="sack"), sent(), EVERYONE, APRIL, Deadlines(), [])
    assert d.new_password == "sack"
    d = decide(sheet(new_password="sack"), sent("anne@example.org"), EVERYONE, APRIL, Deadlines(), [])
    assert d.status == REJECTED and d.new_password is None

"""Order mail into a campaign: who may send it, which month it is for, what a missed month
costs, and what the GM and the player are told.

Each test is one case of issue 3's intake rules (README.md, "Mail: who, when, and what if
nobody writes"), on a throwaway SQLite campaign.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from email.message import EmailMessage
from email import policy
from pathlib import Path

import pytest
from sqlmodel import select

from engarde import ops
from engarde.ops.intake import active_sheets
from engarde.registry import core_registry
from engarde import codes, queries, store
from engarde import intake as intake_reader
from engarde.sources import read_path
from helpers import rules_registry
from engarde.calendar import GameMonth
from engarde.config import load_one
from engarde.passwords import check_password
from engarde.rules.creation.rules import given_character
from engarde.tables import Tables
from engarde.store import CampaignRow, CharacterRow, SheetRow
from helpers import cli

APRIL, MAY, JUNE = GameMonth(1607, 4), GameMonth(1607, 5), GameMonth(1607, 6)
UTC = dt.timezone.utc
# The campaign's deadlines: the 1st of each month at noon, Paris time.  Set up on
# 15 January 2030, so 1 February 2030 12:00 CET (11:00 UTC) closes April 1607 and
# 1 March closes May.
APRIL_DEADLINE = dt.datetime(2030, 2, 1, 11, 0, tzinfo=UTC)
MAY_DEADLINE = dt.datetime(2030, 3, 1, 11, 0, tzinfo=UTC)


@pytest.fixture
def gm(tmp_path):
    (tmp_path / "mail").mkdir()
    (tmp_path / "campaigns.toml").write_text(
        '[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\nseed = "t"\norders = "mail"\n'
        'deadlines = "FREQ=MONTHLY;BYMONTHDAY=1;BYHOUR=12;BYMINUTE=0;BYSECOND=0"\n'
        'deadline_start = 2030-01-01T00:00:00\ntimezone = "Europe/Paris"\n'
        '[campaigns.t.mail]\nmax_message_bytes = 4096\n'
    )
    camp = load_one(tmp_path / "campaigns.toml", "t")
    ops.init(camp)
    with store.transaction(camp.database) as s:
        row = s.get(CampaignRow, "t")
        row.created_at = dt.datetime(2030, 1, 15, 9, 0, tzinfo=UTC)
        s.add(row)
    for name, email, password in (("Porthos", "Paul@Example.org", "sack"), ("Athos", "henri@example.org", "honour"),
                                  ("Jacques", "", "bread")):
        ops.add_character(camp, given_character(Tables(), name, email=email, social_level=6,
                                                crowns=200, strength=10, constitution=10, expertise=10,
                                                military_ability=3), password=password)
    run = cli(tmp_path / "campaigns.toml")
    run.camp = camp
    run.mail = tmp_path / "mail"
    return run


def mail(frm: str, body: str, date: str | None = "Tue, 29 Jan 2030 10:00:00 +0100", **headers: str) -> bytes:
    m = EmailMessage()
    m["From"] = frm
    m["To"] = "gm@example.org"
    m["Subject"] = "orders"
    if date:
        m["Date"] = date
    for key, value in headers.items():
        m[key.replace("_", "-")] = value
    m.set_content(body)
    return m.as_bytes(policy=policy.default)


PORTHOS = "Character: Porthos\nPassword: sack\nWeek 1: Practise rapier\nWeek 2: rest\n"


def drop(gm, name: str, data: bytes | str) -> Path:
    path = gm.mail / name
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def sheets(gm) -> list[SheetRow]:
    with store.transaction(gm.camp.database) as s:
        return list(s.exec(select(SheetRow).order_by(SheetRow.id)))


# -- attribution ---------------------------------------------------------------------------


def test_the_players_own_address_any_case_is_accepted(gm):
    """The sender must be the player's registered address, compared without regard to case."""
    drop(gm, "a.eml", mail("Paul Marchand <paul@EXAMPLE.org>", PORTHOS))
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.ACCEPTED and r.character == "Porthos" and r.month == APRIL


def test_another_players_address_is_rejected_and_changes_nothing(gm):
    """A sheet for someone else's character is rejected with a reason, stored, and affects no one."""
    drop(gm, "a.eml", mail("henri@example.org", PORTHOS + "New password: stolen\n"))
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.REJECTED
    assert [e.code for e in r.errors] == [codes.E_UNKNOWN_SENDER]
    assert "the address of Athos's player, not of Porthos's" in r.errors[0].message
    [row] = sheets(gm)
    assert row.status == "rejected" and row.character_id is None and row.raw  # kept as received
    assert ops.missing_orders(gm.camp) == ["Porthos", "Athos", "Jacques"]
    with store.transaction(gm.camp.database) as s:
        assert check_password("sack", s.exec(select(CharacterRow).where(CharacterRow.name == "Porthos")).one().password)
    assert "REJECTED: sent from henri@example.org" in r.confirmation
    assert "Standing orders on file" not in r.confirmation  # nothing of Porthos's is shown


def test_unknown_sender_and_wrong_password_are_rejected(gm):
    drop(gm, "a.eml", mail("stranger@example.net", PORTHOS))
    drop(gm, "b.eml", mail("paul@example.org", PORTHOS.replace("sack", "sherry"), date="Tue, 29 Jan 2030 11:00:00 +0100"))
    results = ops.ingest(gm.camp, gm.mail)
    assert [(r.status, r.errors[-1].code) for r in results] == [
        (ops.REJECTED, codes.E_UNKNOWN_SENDER), (ops.REJECTED, codes.E_WRONG_PASSWORD)]
    assert "not the address registered for Porthos" in results[0].errors[-1].message


def test_no_registered_address_refuses_mail_and_takes_a_text_file(gm):
    """Issue 10, item 5: with no address on record, mail could come from anyone: it is refused,
    and the player's sheets come as text files the GM puts in the orders folder."""
    drop(gm, "j.eml", mail("someone@example.net", "Character: Jacques\nPassword: bread\nWeek 1: rest\n"))
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.REJECTED and [e.code for e in r.errors] == [codes.E_NO_ADDRESS]
    drop(gm, "j.txt", "Character: Jacques\nPassword: bread\nWeek 1: rest\n")
    assert {Path(x.source).name: x.status for x in ops.ingest(gm.camp, gm.mail)} == {
        "j.eml": ops.DUPLICATE, "j.txt": ops.ACCEPTED}
    gm("character", "email", "Jacques", "jacques@example.org")
    drop(gm, "j2.eml", mail("jacques@example.org", "Character: Jacques\nPassword: bread\nWeek 1: rest\n",
                            date="Tue, 29 Jan 2030 11:00:00 +0100"))
    assert {Path(x.source).name: x.status for x in ops.ingest(gm.camp, gm.mail)}["j2.eml"] == ops.ACCEPTED


def test_a_text_file_is_taken_on_its_password(gm):
    drop(gm, "porthos.txt", PORTHOS)
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.ACCEPTED
    assert "a text file has no sender: it was accepted on the character's password" in r.notes


def test_new_password_takes_effect_when_the_sheet_is_accepted(gm):
    drop(gm, "a.eml", mail("paul@example.org", PORTHOS + "New password: sherry\n"))
    ops.ingest(gm.camp, gm.mail)
    drop(gm, "b.eml", mail("paul@example.org", PORTHOS, date="Tue, 29 Jan 2030 12:00:00 +0100"))
    drop(gm, "c.eml", mail("paul@example.org", PORTHOS.replace("sack", "sherry"),
                           date="Tue, 29 Jan 2030 13:00:00 +0100"))
    a, b, c = ops.ingest(gm.camp, gm.mail)  # in the order they were sent
    assert (a.status, b.status, c.status) == (ops.DUPLICATE, ops.REJECTED, ops.ACCEPTED)
    assert b.errors[-1].code == codes.E_WRONG_PASSWORD


# -- which month: deadlines -------------------------------------------------------------------------


def test_first_deadline_after_the_campaign_start_closes_the_first_month(gm):
    """The first deadline of the rule after 'engarde init' closes the first month, the next the next."""
    assert ops.month_deadline(gm.camp) == APRIL_DEADLINE
    assert ops.month_deadline(gm.camp, MAY) == MAY_DEADLINE
    assert "Deadline for April 1607: Fri 01 Feb 2030, 12:00 CET" in gm("status")


def test_a_sheet_after_the_deadline_is_held_for_the_next_month(gm):
    """A sheet received after the deadline is held for the next month, not silently applied."""
    drop(gm, "late.eml", mail("paul@example.org", PORTHOS + "Month: April 1607\n",
                              date="Fri, 01 Feb 2030 12:00:01 +0100"))
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.HELD and r.month == MAY
    assert "written for April 1607, received after its deadline: held for May 1607" in r.notes
    assert "Held for May 1607: received Fri 01 Feb 2030, 12:00 CET, after the deadline for April 1607" \
        in r.confirmation
    [row] = sheets(gm)
    assert (row.month, row.status, row.deadline, row.received_by) == ("1607-05", "held", MAY_DEADLINE,
                                                                       "its Date header")
    assert ops.missing_orders(gm.camp) == ["Porthos", "Athos", "Jacques"]  # not April's
    gm("turn", "run", "--force")
    assert ops.missing_orders(gm.camp) == ["Athos", "Jacques"]  # May is current: the held sheet applies
    [row] = sheets(gm)
    assert row.status == "accepted" and row.reason.endswith("applied in May 1607")


def test_a_sheet_just_before_the_deadline_counts(gm):
    drop(gm, "ok.eml", mail("paul@example.org", PORTHOS, date="Fri, 01 Feb 2030 11:59:59 +0100"))
    assert ops.ingest(gm.camp, gm.mail)[0].status == ops.ACCEPTED


def test_without_a_date_the_file_time_counts(gm):
    late = drop(gm, "porthos.txt", PORTHOS)
    stamp = dt.datetime(2030, 2, 2, tzinfo=UTC).timestamp()
    os.utime(late, (stamp, stamp))
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.HELD and r.month == MAY
    assert sheets(gm)[0].received_by == "its arrival time"


def test_a_later_sheet_replaces_an_earlier_whatever_order_they_are_read_in(gm):
    drop(gm, "b-later.eml", mail("paul@example.org", PORTHOS.replace("rest", "Practise sabre"),
                                 date="Wed, 30 Jan 2030 10:00:00 +0100"))
    assert ops.ingest(gm.camp, gm.mail)[0].status == ops.ACCEPTED
    drop(gm, "a-earlier.eml", mail("paul@example.org", PORTHOS, date="Tue, 29 Jan 2030 10:00:00 +0100"))
    results = ops.ingest(gm.camp, gm.mail)
    assert [r.status for r in results] == [ops.SUPERSEDED, ops.DUPLICATE]
    with store.transaction(gm.camp.database) as s:
        assert active_sheets(s, gm.camp, APRIL, core_registry())["Porthos"].weeks[2].kind == "practise"


def test_the_same_message_twice_changes_nothing_even_by_another_route(gm):
    """The same message (same bytes, or the same Message-ID from the same sender) changes nothing."""
    drop(gm, "a.eml", mail("paul@example.org", PORTHOS, Message_ID="<one@example.org>"))
    ops.ingest(gm.camp, gm.mail)
    drop(gm, "copy.eml", mail("paul@example.org", PORTHOS + "\n", Message_ID="<one@example.org>"))
    assert [r.status for r in ops.ingest(gm.camp, gm.mail)] == [ops.DUPLICATE, ops.DUPLICATE]
    assert len(sheets(gm)) == 1


def test_already_read_names_the_first_sheet_stored_in_the_batch_or_before(gm):
    """"Already read?" is answered for the whole batch at once (queries.SeenSheets): a sheet
    stored earlier in the same batch counts, the first stored of a key is the one named, and
    the same bytes are found before the same Message-ID."""
    drop(gm, "a.eml", mail("paul@example.org", PORTHOS, Message_ID="<one@example.org>"))
    drop(gm, "b.eml", mail("paul@example.org", PORTHOS + "\n", Message_ID="<one@example.org>"))
    results = ops.ingest(gm.camp, gm.mail)
    assert [r.status for r in results] == [ops.ACCEPTED, ops.DUPLICATE]
    assert results[1].notes == [f"already read (from {gm.mail / 'a.eml'}); nothing changed"]
    drop(gm, "c.eml", mail("paul@example.org", PORTHOS + "\n\n", Message_ID="<two@example.org>"))
    ops.ingest(gm.camp, gm.mail)
    # c.eml's bytes again, with a.eml's Message-ID: its bytes are found first
    (gm.mail / "d.eml").write_bytes((gm.mail / "c.eml").read_bytes())
    drop(gm, "e.eml", mail("paul@example.org", PORTHOS + "\n\n\n", Message_ID="<one@example.org>"))
    results = {r.source.rsplit("/", 1)[-1]: r for r in ops.ingest(gm.camp, gm.mail)}
    assert results["d.eml"].notes == [f"already read (from {gm.mail / 'c.eml'}); nothing changed"]
    assert results["e.eml"].notes == [f"already read (from {gm.mail / 'a.eml'}); nothing changed"]
    assert len(sheets(gm)) == 2


def test_a_sheet_for_a_resolved_month_is_rejected(gm):
    gm("turn", "run", "--force")
    drop(gm, "old.eml", mail("paul@example.org", PORTHOS + "Month: April 1607\n"))
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.REJECTED and r.errors[-1].code == codes.E_CLOSED_MONTH


def test_a_sheet_for_a_later_month_is_held_for_it(gm):
    drop(gm, "early.eml", mail("paul@example.org", PORTHOS + "Month: June 1607\n"))
    [r] = ops.ingest(gm.camp, gm.mail)
    assert (r.status, r.month) == (ops.HELD, JUNE)


def test_a_message_over_the_limit_is_rejected_unread(gm):
    drop(gm, "big.eml", mail("paul@example.org", PORTHOS + "x" * 5000 + "\n"))
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.REJECTED and r.errors[0].code == codes.E_TOO_LARGE
    assert "more than the campaign's limit of 4,096" in r.errors[0].message
    [row] = sheets(gm)
    assert row.raw == b"" and row.size > 4096 and row.text == ""
    assert ops.ingest(gm.camp, gm.mail)[0].status == ops.DUPLICATE


# -- no orders (NMR) ---------------------------------------------------------------------------------


def test_turn_refuses_when_most_have_no_orders_unless_forced(gm):
    """More than mail.nmr_refuse_share (0.5) without a sheet: lost mail is likelier than desertion."""
    drop(gm, "a.txt", PORTHOS)
    ops.ingest(gm.camp, gm.mail)
    with pytest.raises(ops.CampaignError, match="2 of 3 characters have no orders for April 1607"):
        ops.run_turn(gm.camp)
    out = gm("turn", "run", code=2)
    assert "Athos, Jacques" in out and "--force" in out
    assert ops.current_month(gm.camp) == APRIL
    assert "Resolved April 1607" in gm("turn", "run", "--force")


def test_half_missing_is_not_too_many(gm):
    drop(gm, "a.txt", PORTHOS)
    drop(gm, "j.txt", "Character: Jacques\nPassword: bread\nWeek 1: rest\n")
    ops.ingest(gm.camp, gm.mail)
    ops.run_turn(gm.camp)  # 1 of 3 missing
    assert ops.current_month(gm.camp) == MAY


def test_a_missed_month_rests_under_standing_orders_and_costs_what_the_campaign_says():
    """NMR: the character follows his standing orders, else rests; rules.nmr_status_points is the cost."""
    from engarde.dice import SeededDice
    from engarde.orders import Parts
    from engarde.rules.duel.orders import DuelStanding
    from engarde.resolve import resolve_month

    ch = given_character(Tables(), "Athos", social_level=6, crowns=200, strength=10, constitution=10, expertise=10,
                         military_ability=3).character
    standing = {"Athos": Parts([DuelStanding(if_challenged="accept", duel_weapon="sabre")])}
    free = resolve_month(APRIL, [ch], {}, SeededDice("x"), standing=standing)
    costly = resolve_month(APRIL, [ch], {}, SeededDice("x"), registry=rules_registry(nmr_status_points=2),
                           standing=standing)
    assert [e.code for e in free.events if e.week == 1] == [codes.EV_REST]
    assert not [x for x in free.ledger if "no orders" in x.reason]
    [cost] = [x for x in costly.ledger if "no orders" in x.reason]
    assert (cost.field, cost.delta, cost.rule) == ("status_points", -2, "campaign: nmr_status_points")


# -- what the GM and the player are told ----------------------------------------------------------------


def test_confirmation_has_the_calendar_standing_orders_letters_and_errors(gm):
    data = mail("paul@example.org", PORTHOS + "Week 3: frobnicate\nIf challenged: accept with sabre\n"
                "Letter to the gazette (anonymous):\nWho drinks water at Hunter's?\nEnd of letter\n")
    drop(gm, "a.eml", data)
    line = data[: data.index(b"Week 3:")].count(b"\n") + 1  # the line of the file he sent (issue 11)
    [r] = ops.ingest(gm.camp, gm.mail)
    text = r.confirmation
    assert text.startswith("Orders of Porthos for April 1607\nReceived Tue 29 Jan 2030, 10:00 CET (its Date header)")
    for line in ("  Week 1: Practise with the rapier", "  Week 3: Rest (", "  If challenged: accept with the sabre",
                 "  Letter 1, signed: A Gentleman of Paris", "    Who drinks water at Hunter's?",
                 f"a.eml:{line}: 'frobnicate' is not an order engarde understands; week 3 will be a rest"):
        assert line in text, line
    out = gm("orders", "confirmations", "--character", "Porthos")
    assert out.startswith("=== #1 accepted: Porthos, to paul@example.org") and text in out


def test_on_file_standing_orders_are_merged_into_the_confirmation(gm):
    with store.transaction(gm.camp.database) as s:
        row = s.exec(select(CharacterRow).where(CharacterRow.name == "Porthos")).one()
        row.standing = {"rival_suitor": "fight", "if_challenged": "refuse"}
        s.add(row)
    drop(gm, "a.eml", mail("paul@example.org", PORTHOS + "If challenged: accept\n"))
    [r] = ops.ingest(gm.camp, gm.mail)
    assert "  If challenged: accept\n  Rival suitor: fight\n" in r.confirmation


def test_orders_list_shows_why(gm):
    drop(gm, "a.eml", mail("stranger@example.net", PORTHOS))
    ops.ingest(gm.camp, gm.mail)
    out = gm("orders", "list", "--status", "rejected")
    assert "rejected" in out and "stranger@example.net" in out and "not the address registered" in out
    data = json.loads(gm("orders", "list", "--json"))
    assert data[0]["status"] == "rejected" and data[0]["character"] == "Porthos"


def test_letters_are_printed_as_echoed(gm):
    """Press: letters printed in the gazette's press section exactly as the confirmation echoed them;
    names and text are escaped."""
    letter = "Sirs,\n  <script>alert('the Cardinal')</script> & more."
    drop(gm, "a.eml", mail("paul@example.org", PORTHOS + f'Letter to the gazette (as "The <Red> Fox"):\n{letter}\n'
                           "End of letter\n"))
    drop(gm, "j.txt", "Character: Jacques\nPassword: bread\nWeek 1: rest\n")
    [r] = [x for x in ops.ingest(gm.camp, gm.mail) if x.character == "Porthos"]
    assert "    Sirs,\n      <script>alert('the Cardinal')</script> & more.\n    \u2014 The <Red> Fox" in r.confirmation
    out = gm("press")
    assert f"--- signed The <Red> Fox (sent by Porthos)\n{letter}\n\u2014 The <Red> Fox" in out
    gm("turn", "run")
    gm("gazette", "--no-pdf", "--no-reports")
    html = (Path(gm.camp.newsletters) / "t" / "1607-04.html").read_text()
    assert "Letters to the Gazette" in html
    assert "Sirs,\n  &lt;script&gt;alert(&#39;the Cardinal&#39;)&lt;/script&gt; &amp; more." in html
    assert "&mdash; The &lt;Red&gt; Fox" in html and "<script>" not in html


def test_mail_read_before_is_not_decoded_again(gm, monkeypatch):
    """The orders folder is read again at every ingest and deadline, holding all the mail read
    before: only the mail whose bytes are no stored sheet's is decoded (10,000 messages read
    again took 7 s to decode), and what was read before is reported as before, in its place."""
    drop(gm, "a.eml", mail("paul@example.org", PORTHOS))
    assert [r.status for r in ops.ingest(gm.camp, gm.mail)] == [ops.ACCEPTED]
    drop(gm, "b.eml", mail("henri@example.org", "Character: Athos\nPassword: honour\nWeek 1: rest\n",
                           date="Mon, 28 Jan 2030 10:00:00 +0100"))
    read = []
    real = intake_reader._read_mail
    monkeypatch.setattr(intake_reader, "_read_mail", lambda data, out: (read.append(data), real(data, out)))
    results = ops.ingest(gm.camp, gm.mail)
    assert len(read) == 1 and b"Athos" in read[0]
    assert [(r.source.rsplit("/", 1)[-1], r.status) for r in results] == [("b.eml", ops.ACCEPTED),
                                                                         ("a.eml", ops.DUPLICATE)]
    assert results[1].notes == [f"already read (from {gm.mail / 'a.eml'}); nothing changed"]


def test_mail_whose_sheet_is_no_longer_stored_is_read_anew(gm):
    """Mail kept undecoded because its bytes were a stored sheet's is decoded after all when,
    under the campaign's lock, that sheet is not there (a backup restored meanwhile)."""
    drop(gm, "a.eml", mail("paul@example.org", PORTHOS))
    ops.ingest(gm.camp, gm.mail)
    with store.transaction(gm.camp.database) as s:
        for row in s.exec(select(SheetRow)):
            s.delete(row)
    messages = read_path(gm.mail, decode=False)
    with store.transaction(gm.camp.database) as s:
        assert queries.SeenSheets(s, "t", [ops.intake._digest(m) for m in messages], []).by_digest == {}
    [result] = ops.ingest_messages(gm.camp, messages)
    assert result.status == ops.ACCEPTED and result.character == "Porthos" and messages[0].undecoded

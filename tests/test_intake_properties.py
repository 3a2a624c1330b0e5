"""Properties of intake over generated mail (hypothesis), issue 10, item 1: whatever bytes arrive as
a message, and whatever its headers hold, intake never raises and never stops the other messages
of its batch: every message gets a stored row, or a note that it was already read.
"""

from __future__ import annotations

import hashlib
import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlmodel import select

from engarde import ops, store
from engarde.config import load_one
from engarde.intake import read_message
from engarde.rules.creation.rules import given_character
from engarde.store import SheetRow
from engarde.tables import Tables

# Each good sheet costs a password check (scrypt, some 50 ms): a hundred examples each.
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
COUNTER = itertools.count()


def make_campaign(folder, extra: str = ""):
    (folder / "campaigns.toml").write_text(
        '[campaigns.p]\nname = "P"\nfirst_month = "April 1607"\nseed = "p"\n'
        'deadlines = "FREQ=WEEKLY;BYDAY=FR;BYHOUR=18"\ntimezone = "Europe/Paris"\n' + extra)
    c = load_one(folder / "campaigns.toml", "p")
    ops.init(c)
    for name, email, password in (("Porthos", "paul@example.org", "sack"), ("Athos", "henri@example.org", "honour")):
        ops.add_character(c, given_character(Tables(), name, email=email, social_level=6, crowns=200, strength=10,
                                             constitution=10, expertise=10, military_ability=3), password=password)
    return c


@pytest.fixture(scope="module")
def camp(tmp_path_factory):
    """One campaign for every example (each example's good mail is unique, so nothing is a duplicate
    but what the example itself repeats)."""
    return make_campaign(tmp_path_factory.mktemp("props"))


@pytest.fixture(scope="module")
def pg_camp(tmp_path_factory, postgres_url):
    """The same on the real PostgreSQL, whose text columns refuse NUL."""
    return make_campaign(tmp_path_factory.mktemp("props-pg"), f'database = "{postgres_url}"\n')


def good() -> bytes:
    n = next(COUNTER)
    return (f"From: henri@example.org\nMessage-ID: <{n}@example.org>\nSubject: orders {n}\n\n"
            f"Character: Athos\nPassword: honour\nWeek 1: rest\n").encode()


def stored_digests(camp) -> set[str]:
    with store.transaction(camp.database) as s:
        return set(s.exec(select(SheetRow.digest).where(SheetRow.campaign_id == camp.id)))


def ingest_with_good_mail(camp, hostile: list[tuple[bytes, bool]]) -> None:
    """``hostile`` (bytes, is it mail) read in one batch with a good mail: every one of them is
    stored or noted as already read, and the good one counts as it would alone (accepted, or
    replaced by a sheet of Athos's sent later, from an earlier example)."""
    messages = [read_message(good(), "good.eml")]
    messages += [read_message(data, f"hostile{i}.{'eml' if mail else 'txt'}", 5_000_000, mail=mail)
                 for i, (data, mail) in enumerate(hostile)]
    results = ops.ingest_messages(camp, messages)
    assert len(results) == len(messages)
    assert all(r.status in (ops.ACCEPTED, ops.HELD, ops.REJECTED, ops.SUPERSEDED, ops.DUPLICATE) for r in results)
    by_source = {r.source: r for r in results}
    assert by_source["good.eml"].status in (ops.ACCEPTED, ops.SUPERSEDED)
    digests = stored_digests(camp)
    for message in messages:
        result = by_source[message.source]
        if result.status == ops.DUPLICATE:
            assert result.notes and result.notes[0].startswith("already read")
        else:
            assert hashlib.sha256(message.raw).hexdigest() in digests


@SETTINGS
@given(st.binary(max_size=3000), st.booleans())
def test_any_bytes_never_stop_a_batch(camp, data, mail):
    """Issue 10, item 1: any bytes as a message (a mail or a typed text file) are stored or noted as
    already read, and the messages read with them are stored as usual."""
    ingest_with_good_mail(camp, [(data, mail)])


FIELDS = ["From", "Date", "Subject", "Message-ID", "Content-Type", "Content-Transfer-Encoding",
          "Content-Disposition", "MIME-Version", "Received", "X-Odd"]
header_value = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from([b"Fri, 31 Dec 9999 23:00:00 -0500", b"Mon, 01 Jan 100 00:00:00 +9959", b"-2400",
                     b"multipart/mixed; boundary=b", b"text/plain; charset=unicode_escape", b"base64",
                     b"=?utf-8?b?AA==?=", b"<\x00@x>", b"\xff\xfe", b"x" * 9000, b"text/html; charset=utf-7"]),
)
body_value = st.one_of(st.binary(max_size=500), st.sampled_from([
    b"Character: Porthos\nPassword: sack\nWeek 1: rest\n", b"--b\nContent-Type: text/plain\n\nhi\n--b--\n",
    b"Q2hhcmFjdGVyOiBBdGhvcwo=\n", b"\\x00\\ud800\n", b"=00=FF\n"]))


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(FIELDS), header_value), max_size=12), body_value)
def test_any_header_values_never_stop_a_batch(camp, headers, body):
    """Issue 10, item 1: a mail whose headers hold anything (dates out of range, offsets no place has,
    NUL, broken encodings, lone surrogates, huge values, repeated fields) is stored or noted as
    already read, and the messages read with it are stored as usual."""
    data = b"".join(name.encode() + b": " + value + b"\n" for name, value in headers) + b"\n" + body
    ingest_with_good_mail(camp, [(data, True)])


dates = st.builds(
    "{} {:02d} {} {} {:02d}:{:02d}:{:02d} {}{:04d}".format,
    st.sampled_from(["Mon,", "Fri,", ""]), st.integers(0, 40),
    st.sampled_from(["Jan", "Feb", "Dec", "Foo"]), st.integers(0, 99999), st.integers(0, 30),
    st.integers(0, 70), st.integers(0, 70), st.sampled_from(["+", "-"]), st.integers(0, 9999))


@SETTINGS
@given(dates)
def test_any_date_never_stops_a_batch(camp, date):
    """Issue 10, item 1: a Date header of any year (0 to 99999), day, time or offset (-9999 to +9999)
    is used only when it can be trusted, and never stops the batch (before: OverflowError)."""
    data = (f"From: paul@example.org\nDate: {date}\n\nCharacter: Porthos\nPassword: sack\nWeek 1: rest\n"
            f"Week 2: {next(COUNTER)}\n").encode()
    ingest_with_good_mail(camp, [(data, True)])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.binary(max_size=400), st.booleans()), min_size=2, max_size=6))
def test_a_batch_of_hostile_messages_stops_nothing(camp, batch):
    """Issue 10, item 1: several hostile messages in one batch (some the same bytes twice): each one is
    stored or noted as already read."""
    ingest_with_good_mail(camp, batch + batch[:1])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=1000).map(lambda b: (b, True)), st.binary(max_size=1000).map(lambda b: (b, False)),
                 st.tuples(st.lists(st.tuples(st.sampled_from(FIELDS), header_value), max_size=8), body_value).map(
                     lambda hb: (b"".join(n.encode() + b": " + v + b"\n" for n, v in hb[0]) + b"\n" + hb[1], True))))
def test_any_message_never_stops_a_batch_on_postgresql(pg_camp, message):
    """Issue 10, item 1, on the real PostgreSQL: any bytes, any header values (NUL, lone surrogates)
    are stored or noted as already read, and the batch goes on (before: psycopg.DataError)."""
    ingest_with_good_mail(pg_camp, [message])

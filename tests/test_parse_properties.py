"""Properties of parse and intake over generated input (hypothesis).

Whatever a player (or his mail client) sends, parsing never raises, and what
it returns is well-formed; and an order written the way engarde itself
describes it reads back as the same order.
"""

from __future__ import annotations

from email import policy
from email.message import EmailMessage

from hypothesis import given, settings
from hypothesis import strategies as st

from engarde.intake import Message, html_to_text, read_message
from engarde.orders import OrderSheet, Practise, Rest, VisitBawdyhouse, VisitClub
from engarde.parse import parse_action, parse_sheet
from engarde.tables import CLUBS, WEAPONS

SETTINGS = settings(max_examples=200, deadline=None)

# Fragments that reach deep into the grammar when shuffled together.
FRAGMENTS = [
    "Character:", "Name: ", "Password:", "Month:", "April 1607", "1607-13", "Week", "Wk", "weeks", "1", "2", "3",
    "4", "5", "0", "-", ":", " ", "\n", "\r\n", "\t", ",", "and", "with", "carouse", "drink only", "crowns", "purse",
    "Visit", "go to", "Hunter's", "Hunter\u2019s", "the", "bawdyhouse", "brothel", "club", "my club", "Practise",
    "rapier", "two handed sword", "ditto", '"', "same as week", "rest", "-", "Join:", "Join club", "Red Phillips",
    "Resign", "Conspicuous consumption", "Support: normal", "court", "duel", "End of orders", "End", "#", "*",
    "(", ")", "lots of", "\u00e0", "\u2028", "\x00", "as guest of", "gamble", "no companionship", "same",
]
sheetish = st.lists(st.sampled_from(FRAGMENTS), max_size=60).map("".join)


def well_formed(sheet: OrderSheet) -> None:
    assert isinstance(sheet, OrderSheet)
    assert set(sheet.weeks) <= {1, 2, 3, 4}
    assert set(sheet.lines) == set(sheet.weeks)
    assert all(line >= 1 for line in sheet.lines.values())
    assert all(e.line >= 0 and e.code and e.message for e in sheet.errors)
    assert [e.line for e in sheet.errors] == sorted(e.line for e in sheet.errors)
    assert all(isinstance(note, str) for note in sheet.notes)


@SETTINGS
@given(st.text())
def test_parse_sheet_never_raises_on_any_text(text):
    well_formed(parse_sheet(text, "any.txt"))


@SETTINGS
@given(sheetish)
def test_parse_sheet_never_raises_on_sheet_like_text(text):
    well_formed(parse_sheet(text, "sheetish.txt"))
    well_formed(parse_sheet("Character: Porthos\n" + text, "sheetish.txt"))


@SETTINGS
@given(st.binary())
def test_read_message_never_raises_on_any_bytes(data):
    message = read_message(data, "any.eml")
    assert isinstance(message, Message) and isinstance(message.body, str)
    well_formed(parse_sheet(message.body, message.source))


@SETTINGS
@given(st.lists(st.sampled_from(["From: a@b.c", "Subject: =?utf-8?q?x?=", "Date: Mon, 1 Jan 2024 00:00:00 +0000",
                                 "Content-Type: multipart/mixed; boundary=b", "Content-Type: text/html",
                                 "Content-Transfer-Encoding: base64", "Content-Transfer-Encoding: quoted-printable",
                                 "Content-Type: text/plain; charset=klingon", "", "--b", "--b--", "> quoted",
                                 "-- ", "<p>Week 1: rest</p>", "=E0=", "Character: A"]), max_size=25),
       st.binary(max_size=100))
def test_read_message_never_raises_on_mail_like_bytes(lines, tail):
    message = read_message("\n".join(lines).encode() + tail, "mailish.eml")
    assert isinstance(message, Message)


@SETTINGS
@given(st.text())
def test_html_to_text_never_raises(text):
    assert isinstance(html_to_text(text), str)


# -- round trip: canonical text reads back as the same orders --------------------------

NAMES = ["Porthos", "Falstaff", "D'Artagnan", "Aramis", "Athos", "Rodney Bergerac", "Jacques", "Cyrano"]
orders = st.one_of(
    st.just(Rest()),
    st.builds(Practise, st.sampled_from(list(WEAPONS))),
    st.builds(VisitClub, st.sampled_from([c.name for c in CLUBS]), st.booleans(),
              st.lists(st.sampled_from(NAMES), unique=True, max_size=3).map(tuple)),
    st.builds(VisitBawdyhouse, st.just(True), st.booleans(), st.none() | st.integers(0, 10_000)),
)


@SETTINGS
@given(st.dictionaries(st.integers(1, 4), orders, min_size=1), st.sampled_from(NAMES))
def test_described_orders_read_back_the_same(weeks, character):
    text = f"Character: {character}\n" + "".join(
        f"Week {week}: {order.describe()}\n" for week, order in sorted(weeks.items()))
    sheet = parse_sheet(text, "roundtrip.txt")
    assert sheet.errors == []
    assert sheet.character == character
    assert sheet.weeks == weeks


@SETTINGS
@given(orders)
def test_parse_action_reads_describe(order):
    assert parse_action(order.describe()) == order


@SETTINGS
@given(st.booleans(), st.none() | st.sampled_from([c.name for c in CLUBS]), st.booleans())
def test_monthly_orders_read_back_the_same(conspicuous, join, resign):
    lines = ["Character: Athos"]
    lines += ["Conspicuous consumption"] if conspicuous else []
    lines += [f"Join: {join}"] if join else []
    lines += ["Resign club"] if resign else []
    sheet = parse_sheet("\n".join(lines), "monthly.txt")
    assert sheet.ok
    assert sheet.monthly.to_dict() == {"conspicuous_consumption": conspicuous, "join_club": join, "resign_club": resign, "new_password": None, "trade_expertise_for_strength": 0}


@SETTINGS
@given(st.dictionaries(st.integers(1, 4), orders, min_size=1))
def test_orders_read_back_the_same_through_mail(weeks):
    text = "Character: Athos\n" + "".join(f"Week {w}: {o.describe()}\n" for w, o in sorted(weeks.items()))
    m = EmailMessage()
    m["From"] = "athos@example.org"
    m["Subject"] = "orders"
    m.set_content(text, charset="iso-8859-1", cte="quoted-printable")
    m.add_alternative(f"<p>{text}</p>", subtype="html")
    message = read_message(m.as_bytes(policy=policy.default), "rt.eml")
    assert parse_sheet(message.body, message.source).weeks == weeks

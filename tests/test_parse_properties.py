"""Properties of parse and intake over generated input (hypothesis).

Whatever a player (or his mail client) sends, parsing never raises, and what
it returns is well-formed; and an order written the way engarde itself
describes it reads back as the same order.
"""

from __future__ import annotations

import quopri
from email import policy
from email.message import EmailMessage

from hypothesis import given, settings
from hypothesis import strategies as st

from engarde.intake import Message, html_to_text, read_message
from engarde.known import Known, KnownMistress
from engarde.rules.regiments.names import cavalry_regiments, regiment_names
from engarde.rules.regiments.tables import RegimentsTables
from engarde.rules.duel.orders import AnswerChallenge, Challenge
from engarde.rules.regiments.orders import ApplyRegiment, BuyRank, RegimentalDuty
from engarde.rules.loans.orders import Borrow, Repay
from engarde.rules.mistresses.orders import Court, VisitMistress
from engarde.rules.gambling.orders import Gambling
from engarde.orders import Order, OrderSheet, Rest
from engarde.rules.military.orders import Petition, Volunteer
from engarde.rules.practice.orders import Practise
from engarde.rules.appointments.orders import SeekAppointment
from engarde.rules.influence.orders import UseInfluence
from engarde.rules.bawdyhouse.orders import VisitBawdyhouse
from engarde.rules.clubs.orders import VisitClub
from engarde.parse import parse_action, parse_sheet
from engarde.redaction import redact_text
from engarde.rules.clubs.orders import ClubOrders
from engarde.rules.status.orders import SupportOrders
from engarde.rules.clubs.tables import ClubsTables
from engarde.rules.duel.tables import DuelTables

SETTINGS = settings(max_examples=200, deadline=None)
CLUB_NAMES = [c.name for c in ClubsTables().clubs]

# Fragments that reach deep into the grammar when shuffled together.
FRAGMENTS = [
    "Character:", "Name: ", "Password:", "Month:", "April 1607", "1607-13", "Week", "Wk", "weeks", "1", "2", "3",
    "4", "5", "0", "-", ":", " ", "\n", "\r\n", "\t", ",", "and", "with", "carouse", "drink only", "crowns", "purse",
    "Visit", "go to", "Hunter's", "Hunter\u2019s", "the", "bawdyhouse", "brothel", "club", "my club", "Practise",
    "rapier", "two handed sword", "ditto", '"', "same as week", "rest", "-", "Join:", "Join club", "Red Phillips",
    "Resign", "Conspicuous consumption", "Support: normal", "court", "duel", "End of orders", "End", "#", "*",
    "(", ")", "lots of", "\u00e0", "\u2028", "\x00", "as guest of", "gamble", "no companionship", "same",
    "bets of", "cut on a", "9", "10", "x", "toady to", "Cyrano", "mistress number", "Roxanne", "extra payments",
    "Join", "Royal Foot Guards", "as Captain", "else", "Buy rank of", "Regimental duty", "Volunteer for the",
    "Frontier", "Seek appointment as", "Use a class 7 favour on", "for", "against", "Borrow", "Repay", "from",
    "Challenge", "Accept", "Refuse", "challenge of", "Petition for", "to replace", "If challenged:",
    "Duel sequence:", "X L X CL K", "(X)", "Campaign:", "poltroonery", "reckless bravery +2", "Rival suitor:",
    "withdraw", "Trade 5 expertise for 1 strength", "New password:", "Letter to the gazette (anonymous):",
    "End of letter", "Call in loans:",
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


def orders_or_errors(message: Message) -> None:
    """What intake makes of a message: errors, or a named character with an order for every week."""
    sheet = parse_sheet(message.body, message.source)
    well_formed(sheet)
    if not (message.errors or sheet.errors):
        assert sheet.character
        assert all(isinstance(sheet.action(w), Order) for w in (1, 2, 3, 4))


@SETTINGS
@given(st.binary() | sheetish.map(lambda t: ("Character: Porthos\n" + t).encode("utf-8", "surrogatepass")))
def test_any_bytes_give_orders_or_errors(data):
    """Issue 3: any bytes as a message body never crash the parser and always give either orders or errors."""
    orders_or_errors(read_message(data, "any.eml"))
    body = EmailMessage()
    body["From"] = "a@example.org"
    body.set_payload(data)
    orders_or_errors(read_message(body.as_bytes(), "wrapped.eml"))


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
    st.builds(Practise, st.sampled_from(list(DuelTables().weapons))),
    st.builds(VisitClub, st.sampled_from(CLUB_NAMES), st.booleans(),
              st.lists(st.sampled_from(NAMES), unique=True, max_size=3).map(tuple)),
    st.builds(VisitBawdyhouse, st.just(True), st.booleans(), st.none() | st.integers(0, 10_000)),
)

# Every weekly order of the rules, with the values a sheet can hold.
gambling = st.builds(Gambling, st.integers(1, 9), st.integers(1, 500), st.none() | st.integers(1, 6))
REGIMENTS = regiment_names(RegimentsTables())
CAVALRY = cavalry_regiments(RegimentsTables())
infantry = [r for r in REGIMENTS if r not in CAVALRY]


@st.composite
def regiments_to_try(draw):
    chosen = sorted(draw(st.lists(st.sampled_from(REGIMENTS), min_size=1, max_size=3, unique=True)),
                    key=REGIMENTS.index)
    return chosen[0], tuple(chosen[1:])


@st.composite
def applications(draw):
    first, fallbacks = draw(regiments_to_try())
    return ApplyRegiment(first, draw(st.none() | st.sampled_from(["Subaltern", "Captain", "Major"])), fallbacks)


@st.composite
def petitions(draw):
    pool = draw(st.sampled_from([infantry, sorted(CAVALRY)]))
    a, b = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True))
    return Petition(a, b)


every_order = st.one_of(
    orders,
    st.builds(VisitClub, st.sampled_from(CLUB_NAMES + [""]), st.booleans(),
              st.lists(st.sampled_from(NAMES), unique=True, max_size=2).map(tuple),
              st.sampled_from(["Cyrano", "Rodney Bergerac"]), st.none() | gambling, st.booleans()),
    st.builds(VisitClub, st.sampled_from(CLUB_NAMES), st.booleans(),
              st.lists(st.sampled_from(NAMES), unique=True, max_size=2).map(tuple),
              st.none(), gambling, st.booleans()),
    st.builds(VisitBawdyhouse, st.just(True), st.booleans(), st.none() | st.integers(1, 1000), gambling),
    st.builds(Court, st.sampled_from(["4", "12", "Roxanne", "Constance"]), st.integers(0, 3)),
    st.just(VisitMistress()),
    applications(),
    st.builds(BuyRank, st.sampled_from(["Subaltern", "Captain", "Major", "Lieutenant-Colonel", "Colonel"])),
    st.just(RegimentalDuty()),
    st.builds(Volunteer, st.booleans(), st.just(False), st.none() | st.sampled_from(["battalion", "squadron"])),
    st.builds(Volunteer, st.just(True), st.just(True), st.none() | st.sampled_from(["battalion", "regiment"])),
    st.builds(Volunteer, st.just(False), st.just(False),
              st.sampled_from(["69th Arquebusiers", "Gascon Regiment", "King's Musketeers", "27th Musketeers"])),
    st.builds(SeekAppointment, st.sampled_from(["Brigade Major", "Inspector-General of Cavalry", "Adjutant"])),
    st.builds(UseInfluence, st.sampled_from(["", "class 3", "class 9", "from mistress"]),
              st.sampled_from(["Minister of War", "Cardinal", "Field Marshal"]),
              st.sampled_from(["", "Athos", "Rodney Bergerac"]), st.just(False)),
    st.builds(UseInfluence, st.sampled_from(["", "class 7"]), st.sampled_from(["Minister of War", "King"]),
              st.sampled_from(["Athos", "Cyrano"]), st.just(True)),
    st.builds(Borrow, st.integers(1, 5000), st.sampled_from(["moneylender", "Porthos", "Rodney Bergerac"])),
    st.builds(Repay, st.none() | st.integers(1, 5000), st.sampled_from(["moneylender", "Porthos", "Aramis"])),
    st.builds(Challenge, st.sampled_from(NAMES), st.sampled_from(["", "insulting my regiment", "courting Roxanne"]),
              st.sampled_from(list(DuelTables().weapons))),
    st.builds(AnswerChallenge, st.sampled_from(["", "Athos", "D'Artagnan"]), st.just(True),
              st.none() | st.sampled_from(list(DuelTables().weapons))),
    st.builds(AnswerChallenge, st.sampled_from(["", "Athos"]), st.just(False), st.none()),
    petitions(),
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


@settings(max_examples=400, deadline=None)
@given(every_order)
def test_every_order_reads_back_from_its_description(order):
    """The order language covers every weekly action of the rules: what engarde says it
    understood (the confirmation's calendar) reads back as the same order."""
    assert parse_action(order.describe()) == order


@SETTINGS
@given(st.dictionaries(st.integers(1, 4), every_order, min_size=1), st.sampled_from(NAMES))
def test_every_order_reads_back_in_a_sheet(weeks, character):
    text = f"Character: {character}\n" + "".join(
        f"Week {week}: {order.describe()}\n" for week, order in sorted(weeks.items()))
    sheet = parse_sheet(text, "roundtrip.txt")
    assert sheet.errors == []
    assert sheet.weeks == weeks


@SETTINGS
@given(st.booleans(), st.none() | st.sampled_from(CLUB_NAMES), st.booleans())
def test_monthly_orders_read_back_the_same(conspicuous, join, resign):
    lines = ["Character: Athos"]
    lines += ["Conspicuous consumption"] if conspicuous else []
    lines += [f"Join: {join}"] if join else []
    lines += ["Resign club"] if resign else []
    sheet = parse_sheet("\n".join(lines), "monthly.txt")
    assert sheet.ok
    assert sheet.monthly.of(SupportOrders).conspicuous_consumption == conspicuous
    assert sheet.monthly.of(ClubOrders) == ClubOrders(join_club=join, resign_club=resign)
    assert {p.module for p in sheet.monthly} <= {"status", "clubs"} and sheet.new_password is None


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


# -- the sheet's frame (issue 11): linear on any line, passwords in step with redaction ------------

# Pieces of labels, headers, sign-offs and wrapped lines, repeated into one long line: a pattern
# that backtracked badly on one of them would not finish (each line here is thousands of
# characters; a quadratic pattern takes minutes on them, an exponential one forever).
FRAME_PIECES = ["Week", "Weeks", "Wk", "W", "1", "2", "iv", "ii", " ", "-", "\u2013", ",", ", and", "and", "&", "to",
                ":", ".", ")", "(", "[", "]", "#", "no.", "the first week", "1st", "P.S.", "PS", "Yours", "ever",
                "in", "sack", "humble", "obedient", "servant", "Cheers", "Tom", "d'", "de", "--", "+33", "6",
                "Sent from my", "Character", "Charcter", "Pasword", "name", "'s", "Month", "April", "orders for",
                "bets", "x", "crowns", "Orders", "|", "\t", "Visit Hunter's", "with", "carouse"]
long_line = st.lists(st.sampled_from(FRAME_PIECES), min_size=1, max_size=12).map("".join).flatmap(
    lambda piece: st.integers(200, 1500).map(lambda n: piece * n))


@settings(max_examples=60, deadline=None)
@given(long_line, st.sampled_from(["", "Week 1: Visit Hunter's and", "Week 2:", "Cheers,"]))
def test_frame_patterns_are_linear_on_long_repetitive_lines(line, above):
    """Every pattern of engarde.frame finishes on a long line made of its own pieces, alone or
    below a week line (a wrapped line), a label alone or a sign-off."""
    well_formed(parse_sheet(f"Character: Porthos\n{above}\n{line}\n{line[::-1]}", "long.txt"))


@SETTINGS
@given(st.text("paswordPASWORD", min_size=2, max_size=11), st.sampled_from([":", "=", " - ", " \u2013 ", " : "]),
       st.text("abcdefghijkmnpqrstuvwxyz0123456789-&", min_size=4, max_size=20).filter(lambda v: v.strip("-&")))
def test_whatever_the_parser_reads_as_a_password_is_withheld(key, sep, value):
    """A `Password` label the sheet's reader accepts (misspelt as engarde.redaction knows them) is
    one redaction withholds: the password read is never stored or echoed."""
    text = f"Character: Porthos\n{key}{sep}{value}\nWeek 1: rest\n"
    sheet = parse_sheet(text, "pw.txt")
    if sheet.password is not None:
        withheld = redact_text(text).splitlines()[1]
        assert withheld.startswith(key) and value not in withheld[len(key):], (key, sep)


SHEET_LINES = ["Week 1: Practise rapier", "Week 2: Sulk in the Tuileries", "Wk 3 - Visit Maxim's", "4) ditto",
               "Conspicuous consumption", "Week 2: Court", "[Week 3] Visit Hunter's and carouse"]


@SETTINGS
@given(st.lists(st.sampled_from(SHEET_LINES), min_size=1, max_size=6), st.integers(0, 300),
       st.sampled_from(["7bit", "8bit", "quoted-printable"]), st.booleans())
def test_mail_lines_are_the_lines_of_the_file(lines, greeting, cte, crlf):
    """Whatever the mail's transfer encoding, greeting or line ends, each week's line and each
    error's line is the line of the file where its words begin."""
    body = "Dear GM, " + "Paris " * greeting + "\n\nCharacter: Porthos\n" + "\n".join(lines) + "\n"
    m = EmailMessage()
    m["From"] = "paul@example.org"
    m.set_content(body, cte=cte)
    data = m.as_bytes(policy=policy.default)
    if crlf:
        data = data.replace(b"\n", b"\r\n")
    message = read_message(data, "p.eml")
    sheet = parse_sheet(message.body, message.source, lines=message.lines)
    file_lines = [quopri.decodestring(line) if cte == "quoted-printable" else line
                  for line in data.split(b"\r\n" if crlf else b"\n")]
    written = [line.encode() for line in ["Character: Porthos", *lines]]
    for number in [*sheet.lines.values(), *(e.line for e in sheet.errors)]:
        assert any(file_lines[number - 1].startswith(w[:12]) for w in written), (number, file_lines[number - 1])


# -- nothing misread in silence: every word is used, filler, or reported --------------------------

# Words no order uses and no filler is: five to eight consonants (no English word, and too far
# from every verb, name, club and weapon to be read as a slip of the pen), and none of the
# regiments' initials ("pllfd" is Princess Louisa's Light Dragoons: an order that names it
# is read with it, and its other words reported).
INITIALS = {alias for reg in RegimentsTables().regiments for alias in reg.aliases}
STRANGE_WORDS = st.text(alphabet="bcdfghjklmnpqrstvwxz", min_size=5, max_size=8).filter(lambda w: w not in INITIALS)
KNOWN = Known.of(NAMES + ["Porthos"], mistresses=[KnownMistress(4, "Roxanne"), KnownMistress(12, "Constance")])


@settings(max_examples=400, deadline=None)
@given(every_order, STRANGE_WORDS, st.integers(0, 100), st.booleans())
def test_a_word_added_to_an_order_is_used_or_reported(order, word, where, checked):
    """Issue 11, nothing misread in silence: any understood line with a word added (at its end or
    anywhere inside it) is still understood with the word used (in what the confirmation says, or
    making another order: "pllfd" may be a regiment's initials), or it is an error that quotes
    the word; never understood without it.  With and without the campaign's names."""
    words = order.describe().split(" ")
    at = where % (len(words) + 1)
    line = " ".join(words[:at] + [word] + words[at:])
    sheet = parse_sheet(f"Character: Athos\nWeek 1: {line}\n", "added.txt", known=KNOWN if checked else None)
    if sheet.errors:
        assert word in sheet.errors[0].message.lower(), (line, sheet.errors)
    else:
        assert word in sheet.weeks[1].describe().lower() or sheet.weeks[1] != order, (line, sheet.weeks[1])


def test_a_regiments_initials_inside_another_regiments_name_are_read_and_the_rest_reported():
    """Found by the property above: "Volunteer the 69th pllfd Arquebusiers" names Princess
    Louisa's Light Dragoons by their initials; the words it leaves are reported as one quote
    (never read without them)."""
    sheet = parse_sheet("Character: Athos\nWeek 1: Volunteer the 69th pllfd Arquebusiers for the campaign\n",
                        "added.txt", known=KNOWN)
    assert [e.message for e in sheet.errors] == [
        "'69th Arquebusiers' after 'volunteer' is not understood; week 1 will be a rest"]

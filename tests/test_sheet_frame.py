"""The sheet's frame (issue 11): how a sheet is cut into headers, weeks and other lines, read as
a GM reads it.

Each test is one case of orders/README.md's "The order sheet": the forms a week's label takes,
a line wrapped by the mail client, a label whose order is on the next line, the sign-off that
ends a sheet without an `End` line, the header typos a GM forgives and a month without its year.
"""

from __future__ import annotations

from email import policy
from email.message import EmailMessage

import pytest

from engarde import codes
from engarde.calendar import GameMonth
from engarde.intake import read_message
from engarde.orders import Rest
from engarde.parse import parse_sheet
from engarde.records import ErrorRecord
from engarde.redaction import redact_text
from engarde.rules.clubs.orders import VisitClub
from engarde.rules.duel.orders import Challenge
from engarde.rules.gambling.orders import Gambling
from engarde.rules.practice.orders import Practise
from engarde.rules.status.orders import SupportOrders

APRIL = GameMonth(1607, 4)
RAPIER, SABRE, FOIL = Practise("rapier"), Practise("sabre"), Practise("foil")


def sheet(*lines: str, **keys):
    return parse_sheet("\n".join(lines), "orders.txt", **keys)


def only_error(s) -> ErrorRecord:
    assert len(s.errors) == 1, s.errors
    return s.errors[0]


def html_mail(html: str) -> str:
    """The body engarde reads from an HTML-only mail."""
    m = EmailMessage()
    m["From"] = "athos@example.org"
    m.set_content(html, subtype="html")
    message = read_message(m.as_bytes(policy=policy.default), "athos.eml")
    assert message.ok, message.errors
    return message.body


# -- week labels in any common form ----------------------------------------------------------


@pytest.mark.parametrize("line,week", [
    ("Week 1: Practise rapier", 1), ("Wk 1 - Practise rapier", 1), ("1) Practise rapier", 1),
    ("1. Practise rapier", 1), ("W1 Practise rapier", 1), ("W1: Practise rapier", 1), ("W 3 - Practise rapier", 3),
    ("[Week 1] Practise rapier", 1), ("[Week 2]: Practise rapier", 2), ("(1) Practise rapier", 1),
    ("(Week 3) Practise rapier", 3), ("[3] Practise rapier", 3), ("Week one: Practise rapier", 1),
    ("Week Three - Practise rapier", 3), ("First week: Practise rapier", 1), ("The second week: Practise rapier", 2),
    ("1st week: Practise rapier", 1), ("3rd week - Practise rapier", 3), ("Week #1: Practise rapier", 1),
    ("Week No. 2: Practise rapier", 2), ("#2: Practise rapier", 2), ("#4 - Practise rapier", 4),
    ("I. Practise rapier", 1), ("ii) Practise rapier", 2), ("III: Practise rapier", 3), ("(iv) Practise rapier", 4),
    ("Week IV: Practise rapier", 4), ("Week ii - Practise rapier", 2), ("1 - Practise rapier", 1),
    ("2 Practise rapier", 2), ("4: Practise rapier", 4), ("Week 2\tPractise rapier", 2),
])
def test_week_label_forms(line, week):
    """orders/README.md: a week is labelled as players label it: "Week 1:", "Wk 1 -", "1)", "1.",
    "W1", "[Week 1]", "(1)", "Week one", "First week", "1st week", "Week #1", Roman numerals."""
    s = sheet("Character: Athos", line)
    assert s.ok, s.errors
    assert s.weeks == {week: RAPIER} and s.lines == {week: 2}


@pytest.mark.parametrize("line,weeks", [
    ("Weeks 1-2: Practise rapier", (1, 2)), ("Weeks 3 & 4: Practise rapier", (3, 4)),
    ("Weeks 1, 2 and 3: Practise rapier", (1, 2, 3)), ("Weeks 1, 2, and 3 - Practise rapier", (1, 2, 3)),
    ("Weeks one and two: Practise rapier", (1, 2)), ("Weeks 2 to 4: Practise rapier", (2, 3, 4)),
    ("Weeks 1 through 3: Practise rapier", (1, 2, 3)), ("Weeks ii-iv: Practise rapier", (2, 3, 4)),
    ("Wks 3+4: Practise rapier", (3, 4)), ("1-2: Practise rapier", (1, 2)), ("3 & 4: Practise rapier", (3, 4)),
    ("Week 1 and 2 - Practise rapier", (1, 2)), ("[Weeks 3-4] Practise rapier", (3, 4)),
])
def test_one_line_for_several_weeks(line, weeks):
    """"Weeks 1-2:", "Weeks 3 & 4:", "Weeks 1, 2 and 3": the same order for several weeks."""
    s = sheet("Character: Athos", line)
    assert s.ok, s.errors
    assert s.weeks == {w: RAPIER for w in weeks}


def test_a_list_number_before_a_week_label_is_the_lists():
    """"1. Week 2: ..." (a numbered list of week lines): the week is the label's, not the list's."""
    s = sheet("Character: Athos", "1. Week 2: Practise rapier", "2. Week 3: Practise sabre")
    assert s.ok, s.errors
    assert s.weeks == {2: RAPIER, 3: SABRE}


def test_a_numbered_list_is_the_weeks():
    """A numbered list of four orders is the four weeks, as a GM reads it."""
    s = sheet("Character: Athos", "1. Practise rapier", "2. Practise sabre", "3. Rest", "4. ditto")
    assert s.ok, s.errors
    assert s.weeks == {1: RAPIER, 2: SABRE, 3: Rest(), 4: Rest()}


@pytest.mark.parametrize("line", [
    "4 bets of 50 at Hunter's", "2 bets at 40", "2 x 30 at Hunter's", "3 crowns to the beggar",
    "2.5 crowns at Hunter's", "12 bets at Hunter's",
])
def test_a_number_that_belongs_to_the_action_is_no_week(line):
    """A number an order counts ("4 bets of 50 at Hunter's") is never read as a week label: alone
    on its line it is a question for the player, not week 4 (nor is week 4 then taken)."""
    s = sheet("Character: Athos", line, "Week 4: Practise rapier")
    err = only_error(s)
    assert (err.line, err.code) == (2, codes.E_UNKNOWN_VERB)
    assert s.weeks == {4: RAPIER}


def test_a_bare_number_with_an_order_that_counts_it_is_a_question():
    """"4 bets of 50 at Hunter's" could be week 4 ("bets of 50 at Hunter's") or an order that
    counts four bets: the error asks, naming the week form."""
    err = only_error(sheet("Character: Athos", "4 bets of 50 at Hunter's"))
    assert "'4 bets of 50 at Hunter's'" in err.message
    assert "Week 4:" in err.suggestion


def test_html_list_items_are_week_lines():
    """An HTML mail's numbered list (<ol>) shows its numbers: each item is the week the list numbers."""
    body = html_mail("<p>Character: Athos</p><ol><li>Practise rapier</li><li>Practise sabre</li>"
                     "<li>Rest</li><li>Practise foil</li></ol>")
    s = parse_sheet(body, "athos.eml")
    assert s.ok, s.errors
    assert s.weeks == {1: RAPIER, 2: SABRE, 3: Rest(), 4: FOIL}


def test_html_list_starting_later_and_bulleted_week_lines():
    """<ol start="3"> numbers from 3; a bulleted list (<ul>) of "Week N:" lines reads as written."""
    body = html_mail("<p>Character: Athos</p><ul><li>Week 1: Practise rapier</li><li>Week 2: Rest</li></ul>"
                     '<ol start="3"><li>Practise sabre</li><li>Week 4: Practise foil</li></ol>')
    s = parse_sheet(body, "athos.eml")
    assert s.ok, s.errors
    assert s.weeks == {1: RAPIER, 2: Rest(), 3: SABRE, 4: FOIL}


def test_html_table_rows_are_week_lines():
    """<tr><td>Week 1</td><td>Rest</td></tr>: a row is a line, its cells apart; a heading row
    ("Week | Order") is no order."""
    body = html_mail("<p>Character: Athos</p><table><tr><th>Week</th><th>Order</th></tr>"
                     "<tr><td>Week 1</td><td>Rest</td></tr><tr><td>2</td><td>Practise rapier</td></tr>"
                     "<tr><td>Week 3:</td><td>Practise sabre</td></tr></table>")
    s = parse_sheet(body, "athos.eml")
    assert s.ok, s.errors
    assert s.weeks == {1: Rest(), 2: RAPIER, 3: SABRE}


# -- a label alone, and a line wrapped by the mail client -----------------------------------------


def test_a_label_alone_takes_its_order_from_the_next_line():
    """"Week 1:" with nothing after it, then the order on the next line: that is week 1's order,
    and an error in it is on the order's line."""
    s = sheet("Character: Athos", "Week 1:", "Practise rapier", "Week 2", "", "Practise sabre", "Week 3 -",
              "Visit Maxim's")
    assert s.weeks[1] == RAPIER and s.weeks[2] == SABRE
    assert isinstance(s.weeks[3], Rest)
    err = only_error(s)
    assert (err.line, err.code) == (8, "unknown-club")
    assert s.lines == {1: 3, 2: 6, 3: 8}


@pytest.mark.parametrize("line", ["Week 1: -", "Week 1 - -", "1. -", "Wk 1: --", "Week 1: \u2014"])
def test_a_dash_after_a_label_is_a_rest_not_a_label_alone(line):
    """orders/README.md: "-" is a rest.  "Week 1: -" is week 1's order, and the next line is not."""
    s = sheet("Character: Athos", line, "Practise sabre")
    assert s.weeks == {1: Rest()} and s.lines == {1: 2}
    assert only_error(s).line == 3


def test_a_label_alone_before_another_line_is_a_rest():
    """A label with nothing after it, followed by another label, a header, a monthly order or the
    end, is a week with nothing written: a rest, and the player is told."""
    s = sheet("Character: Athos", "Week 1:", "Week 2: Practise rapier", "Week 3:", "Conspicuous consumption",
              "Week 4:")
    assert s.ok, s.errors
    assert s.weeks == {1: Rest(), 2: RAPIER, 3: Rest(), 4: Rest()}
    assert s.monthly.of(SupportOrders).conspicuous_consumption
    assert "week 1: nothing written: he rests" in s.notes and "week 4: nothing written: he rests" in s.notes


@pytest.mark.parametrize("first,second,order", [
    ("Week 1: Go to Hunter's with Falstaff and", "carouse",
     VisitClub("Hunter's", carouse=True, companions=("Falstaff",))),
    ("Week 1: Challenge Athos for insulting my regiment", "with sabre",
     Challenge("Athos", "insulting my regiment", "sabre")),
    ("Week 1: Visit Hunter's and gamble", "2 bets at 40", VisitClub("Hunter's", gamble=Gambling(2, 40))),
    ("Week 1: Visit Hunter's", "and carouse", VisitClub("Hunter's", carouse=True)),
    ("Week 1: Practise", "with the sabre", SABRE),
])
def test_a_line_wrapped_by_the_mail_client_is_one_week(first, second, order):
    """A week line wrapped onto the next line: the next line continues it when it cannot stand
    alone and the line above is plainly unfinished or it plainly goes on ("and carouse", "with
    sabre", "2 bets at 40": never week 2) and only adds to the order above.  The player is told
    the lines were read as one."""
    s = sheet("Character: Porthos", first, second, "Week 2: Practise rapier")
    assert s.ok, s.errors
    assert s.weeks == {1: order, 2: RAPIER} and s.lines == {1: 2, 2: 4}
    assert any("line 3 continues line 2" in n for n in s.notes), s.notes


def test_a_wrapped_line_may_wrap_again():
    s = sheet("Character: Porthos", "Week 1: Go to Hunter's with", "Falstaff and", "carouse")
    assert s.ok, s.errors
    assert s.weeks == {1: VisitClub("Hunter's", carouse=True, companions=("Falstaff",))}


@pytest.mark.parametrize("lines", [
    ("Week 1: Visit Hunter's", "Practise sabre"),           # an order on its own: a week without a label
    ("Week 1: Visit Hunter's and", "", "carouse"),           # a blank line: a paragraph of its own
    ("Week 1: Practise rapier", "Sulk in the Tuileries"),    # nothing says it goes on
    ("Week 2: Court mistress number 4 (Roxanne)", "of them."),  # would change the order, not add to it
    ("Week 1: Practise sabre", "and I lost my sword at dice"),  # adds nothing to the order
    ("Week 4: toady to", "Subject: Orders for April"),       # a "Key: value" line is a line of its own
    ("Week 1: Challenge Rochefort to a duel, and", "then we shall see who laughs last at the Cardinal's table"),
    ("Week 4: toady to", "sheet"),                   # a name no campaign checks, in lower case: not guessed
])
def test_a_line_that_does_not_plainly_continue_is_not_joined(lines):
    """Only a line that plainly continues the one above is joined to it; any other line not
    understood stays an error on its own line (a GM asks rather than guess)."""
    s = sheet("Character: Porthos", *lines)
    assert s.errors and s.errors[-1].line == len(lines) + 1
    assert s.errors[-1].code == codes.E_UNKNOWN_VERB


def test_a_known_line_after_a_week_is_never_joined_to_it():
    s = sheet("Character: Porthos", "Week 4: Visit Hunter's and", "Conspicuous consumption")
    assert s.monthly.of(SupportOrders).conspicuous_consumption
    assert 4 in s.weeks and not any("continues" in n for n in s.notes)


# -- what ends a sheet: End, or a sign-off --------------------------------------------------------

SIGNED = ("Character: Porthos", "Week 1: Practise rapier", "Week 2: Practise sabre")


@pytest.mark.parametrize("sign_off", [
    ("Yours ever,", "Tom"), ("Best",), ("Best,", "Tom"), ("Cheers",), ("Cheers, Tom",), ("Your obedient servant,",),
    ("Your most humble and obedient servant",), ("-- Tom",), ("--Tom",), ("—Tom",), ("--",), ("Tom",),
    ("Regards, Paul Marchand",), ("Kind regards,", "Paul"), ("Thanks!",), ("Thanks for running the game!",),
    ("Many thanks,", "Tom"), ("Sent from my iPhone",), ("Get Outlook for Android",), ("Porthos",),
    ("Thanks,", "Paul Marchand", "Tel: +33 6 12 34 56 78"), ("Paul Marchand", "+33 6 12 34 56 78"),
    ("A bientôt,", "Gaston (d'A.)"), ("Yours in sack,", "Sir John"), ("All for one!",), ("Adieu",),
    ("Your servant,", "Cyrano"), ("B. Bonner",), ("G.V.",), ("J.B. Smith",), ("Betty",), ("Carl",), ("Jane O.",),
    ("D'A",), ("cheers, jacques",), ("porthos",),
])
def test_a_sign_off_ends_the_sheet(sign_off):
    """orders/README.md: a sheet ends at `End of orders`, or at the player's sign-off: a closing
    ("Yours ever,", "Best", "Cheers", "Your obedient servant"), a signature ("-- Tom", a bare name:
    the player's, the character's, or a name alone at the end), a phone footer.  Not an error."""
    s = sheet(*SIGNED, "", *sign_off)
    assert s.ok, s.errors
    assert s.weeks == {1: RAPIER, 2: SABRE}


@pytest.mark.parametrize("lines", [
    ("Tom",),                        # right under a week line: a name engarde does not know is asked about
    ("", "Deaths", "Imported"),      # another word after it, not a closing or a footer
])
def test_an_unknown_name_not_standing_apart_at_the_end_is_reported(lines):
    """Any capitalised word may look like a name: one engarde does not know is a signature only
    below a blank line, at the very end (or before a closing, a footer, a P.S.); else it is asked."""
    s = sheet(*SIGNED, *lines)
    assert s.errors and s.errors[0].code == codes.E_UNKNOWN_VERB


def test_an_unknown_name_before_any_week_is_reported():
    assert only_error(sheet("Character: Athos", "", "Chancellor")).line == 3


def test_the_players_name_alone_is_a_sign_off_anywhere():
    """The sender's name (the player's, as his mail gives it) alone on a line is his signature,
    even with more text after it."""
    s = parse_sheet("\n".join([*SIGNED, "Paul", "see you at the club on Thursday"]), "p.eml", signers=("Paul",))
    assert s.ok, s.errors


def test_what_follows_a_sign_off_is_not_read_and_the_player_is_told():
    s = sheet(*SIGNED, "Cheers,", "Tom", "", "Looking forward to the gazette, as ever.")
    assert s.ok, s.errors
    assert any("line 4" in n and "sign-off" in n for n in s.notes), s.notes


@pytest.mark.parametrize("ps", ["P.S. Week 3: Practise foil", "PS: Week 3 - Practise foil", "Week 3: Practise foil"])
def test_an_order_after_the_sign_off_is_still_read(ps):
    """A known order after the sign-off (the player's P.S.) is read, and the confirmation says so."""
    s = sheet(*SIGNED, "Yours ever,", "Tom", ps, "P.S. Conspicuous consumption")
    assert s.ok, s.errors
    assert s.weeks == {1: RAPIER, 2: SABRE, 3: FOIL}
    assert s.monthly.of(SupportOrders).conspicuous_consumption
    assert any("line 6" in n and "P.S." in n for n in s.notes), s.notes


def test_an_order_without_a_week_after_the_sign_off_is_still_an_error():
    """After the sign-off only what is not an order is passed over: an order without its week is
    reported, as anywhere in the sheet."""
    s = sheet(*SIGNED, "Cheers", "Practise foil")
    err = only_error(s)
    assert (err.line, err.code) == (5, codes.E_UNKNOWN_VERB)


def test_the_characters_name_with_its_particle_is_a_sign_off():
    """"D'Artagnan" signed under D'Artagnan's orders is his signature, not a line not understood."""
    s = sheet("Character: D'Artagnan", "Week 1: Practise rapier", "D'Artagnan", "Week 2: Practise sabre")
    assert s.ok, s.errors
    assert s.weeks == {1: RAPIER, 2: SABRE}


def test_an_exclamation_right_above_the_signature_is_the_sign_off():
    """"Sack, sweet sack!" on the line above "Jane" (the end of the text) is the player's flourish:
    part of the sign-off, and the player is told."""
    s = sheet(*SIGNED, "", "Sack, sweet sack!", "Jane")
    assert s.ok, s.errors
    assert "line 5: 'Sack, sweet sack!', right above your signature, is taken for your sign-off" in s.notes


@pytest.mark.parametrize("lines", [("", "Sack, sweet sack!", "", "Jane"), ("", "Practise sabre!", "Jane"),
                                   ("", "Sulk in the Tuileries", "Jane"), ("", "Rets!", "Jane"),
                                   ("Sack, sweet sack!", "Jane")])
def test_a_line_above_the_signature_that_is_no_flourish_is_reported(lines):
    """Only an exclamation standing apart right above the signature, that reads as no order (nor
    a verb misspelt), is taken for the sign-off; any other line there is reported."""
    s = sheet(*SIGNED, *lines)
    assert s.errors and s.errors[0].line == 5 - (lines[0] != "") and s.errors[0].code == codes.E_UNKNOWN_VERB


@pytest.mark.parametrize("line", ["Rets", "Practse", "NPC", "B."])
def test_a_slip_of_a_verb_or_capitals_at_the_end_is_no_signature(line):
    """A verb misspelt ("Rets", "Practse"), capitals ("NPC") or one initial at the end is no one's
    signature: it is reported, for the player may have meant an order."""
    assert only_error(sheet(*SIGNED, "", line)).line == 5


def test_a_line_that_is_no_sign_off_is_still_reported():
    """A sentence at the end is not a signature: a line not understood is reported."""
    s = sheet(*SIGNED, "I lost my sword at dice")
    assert only_error(s).line == 4


@pytest.mark.parametrize("line", ["Cheers,", "Sent from my iPhone", "paul@example.org", "Porthos", "-- Tom"])
def test_a_sign_off_before_any_order_is_asked_about(line):
    """Only a sheet with an order in it can end: a closing, footer or name before any week or
    monthly line is reported, as any line not understood."""
    s = sheet("Character: Porthos", line, "Week 1: Practise rapier")
    assert only_error(s).line == 2
    assert not any("sign-off" in n for n in s.notes)


@pytest.mark.parametrize("line", ["Visit Maxim's", "Practse rapier", "Court"])
def test_what_tries_to_be_an_order_after_the_sign_off_is_reported(line):
    """After the sign-off a line whose verb is known (or nearly) is an order gone wrong, not
    chatter: it is reported, not passed over."""
    err = only_error(sheet(*SIGNED, "Cheers,", line))
    assert err.line == 5


@pytest.mark.parametrize("line", ["Week", "weeks"])
def test_week_alone_is_no_heading(line):
    """"Orders" or "Weekly orders" over the weeks is a heading; "Week" alone is a label without
    its number, asked about."""
    assert only_error(sheet("Character: Porthos", "Week 1: Practise rapier", line)).line == 3


def test_end_still_ends_everything():
    s = sheet(*SIGNED, "End of orders", "Week 3: Practise foil")
    assert s.ok and s.weeks == {1: RAPIER, 2: SABRE}


# -- headers a GM forgives -------------------------------------------------------------------


@pytest.mark.parametrize("key", [
    "Charcter", "Charachter", "Caracter", "Charactor", "Char name", "Character's name", "Name", "Player character",
    "CHARACTER NAME", "Character Name", "Charcter name", "Your character", "PC",
])
def test_character_header_spellings(key):
    """A misspelt `Character:` label a GM forgives ("Charcter:", "Char name:", "Character's name:",
    "Name:", "Player character:") names the character."""
    s = sheet(f"{key}: Athos", "Week 1: Practise rapier")
    assert s.ok, s.errors
    assert s.character == "Athos" and s.weeks == {1: RAPIER}


def test_a_misspelt_label_is_read_and_said():
    s = sheet("Charcter: Athos", "Week 1: Practise rapier")
    assert "line 1: read 'Charcter:' as 'Character:'" in s.notes


@pytest.mark.parametrize("line", ["Charter: Athos", "Chapter: one", "Player: Paul Marchand"])
def test_other_labels_are_not_the_character(line):
    """A word that only looks a little like "character" ("Charter") is not it; "Player:" names the
    player, not his character."""
    s = sheet("Character: Athos", line, "Week 1: Practise rapier")
    assert s.character == "Athos"


def test_the_players_name_is_passed_over():
    """"Player: Paul" is a header a GM reads and passes over (the player is known by his address)."""
    s = sheet("Player: Paul Marchand", "Character: Athos", "Week 1: Practise rapier")
    assert s.ok, s.errors
    assert s.character == "Athos"


@pytest.mark.parametrize("key", ["Pasword", "Passwrod", "Passowrd", "Psssword", "Passwd", "PW"])
def test_a_misspelt_password_label_is_read_and_withheld(key):
    """A `Password` label misspelt as engarde.redaction knows them is read as the password, and
    what the parser reads as a password is withheld wherever the sheet is stored or echoed."""
    text = f"Character: Athos\n{key}: comte de la Fère\nWeek 1: Practise rapier"
    s = parse_sheet(text, "a.txt")
    assert s.ok, s.errors
    assert s.password == "comte de la Fère"
    assert "comte" not in redact_text(text)


@pytest.mark.parametrize("line,raw", [
    ("Password \u2013 sack", "Password &ndash; sack"), ("Pasword \u2014 sack", "Pasword&nbsp;&#8212; sack"),
])
def test_a_password_after_a_long_dash_is_read_and_withheld(line, raw):
    """"Password \u2013 sack" (a mail client's dash for " - ") is the password line, and it is withheld
    as the text and as the mail's HTML source write it."""
    text = f"Character: Athos\n{line}\nWeek 1: Practise rapier"
    assert parse_sheet(text, "a.txt").password == "sack"
    assert "sack" not in redact_text(text)
    assert "sack" not in redact_text(f"<p>{raw}</p>")


# -- the month, with or without its year -----------------------------------------------------------


@pytest.mark.parametrize("line,month", [
    ("Month: April", APRIL), ("Month: Apr", APRIL), ("month: may", GameMonth(1607, 5)),
    ("Month: March", GameMonth(1608, 3)), ("Orders for May", GameMonth(1607, 5)),
    ("Orders for April 1607", APRIL), ("May orders:", GameMonth(1607, 5)), ("My orders for June:", GameMonth(1607, 6)),
    ("Month: April 1607", APRIL),
])
def test_a_month_without_its_year_is_the_campaigns(line, month):
    """A month without its year ("Month: April", "Orders for May") is the campaign's month to
    resolve, or the next one with that name; the confirmation says so."""
    s = sheet("Character: Athos", line, "Week 1: Practise rapier", current=APRIL)
    assert s.ok, s.errors
    assert s.month == month
    assert any("no year" in n for n in s.notes) == (str(month.year) not in line), s.notes


def test_a_month_title_before_the_sheet_is_its_month():
    """"Orders for May" above the Character line names the month."""
    s = sheet("Orders for May", "", "Hello GM!", "Character: Athos", "Week 1: Practise rapier", current=APRIL)
    assert s.ok, s.errors
    assert s.month == GameMonth(1607, 5)


def test_a_month_without_its_year_and_no_campaign_is_left_to_the_gm():
    """Checked with no campaign (a player offline), the month cannot be resolved: it is left for
    the campaign to decide, and the player is told."""
    s = sheet("Character: Athos", "Month: May", "Week 1: Practise rapier")
    assert s.ok and s.month is None
    assert any("no year" in n for n in s.notes)

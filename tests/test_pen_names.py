"""Issue 10, item 9: a letter to the gazette cannot be signed as another character.

A pen-name may not be the name of a character of the campaign, nor too like it (case,
accents, punctuation, the little words, a slip or two of the pen, a name held among its
words): such a letter is refused with the reason on the confirmation.  The GM sees who really
wrote every letter (`engarde press`); the gazette prints only the pen-name.
"""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from engarde import ops
from engarde.config import load_one
from engarde.known import Known
from engarde.parse import parse_sheet
from engarde.rules.creation.rules import given_character
from engarde.rules.press.codes import E_PEN_NAME
from engarde.rules.press.orders import Letters
from engarde.rules.press.pennames import pen_name_problem
from engarde.tables import Tables
from helpers import cli

CHARACTERS = ("Porthos", "Athos", "Aramis", "D'Artagnan", "Rodney Bergerac", "Jacques", "Falstaff", "Guy")


@pytest.mark.parametrize("pen_name, refused_for", [
    ("Athos", "Athos"), ("athos", "Athos"), ("ATHÔS", "Athos"), ("The Athos", "Athos"), ("Athos!", "Athos"),
    ("Athis", "Athos"), ("Atos", "Athos"), ("Dartagnan", "D'Artagnan"), ("d'Artagnan", "D'Artagnan"),
    ("Falstaf", "Falstaff"), ("Falstafff", "Falstaff"), ("Fastlaff", "Falstaff"), ("Bergerac", "Rodney Bergerac"),
    ("Rodney the Bold", "Rodney Bergerac"), ("Rodney de Bergerac", "Rodney Bergerac"),
    ("A Friend of Athos", "Athos"), ("Athos the Musketeer", "Athos"), ("Guy", "Guy"),
])
def test_a_pen_name_that_passes_for_a_character_is_refused(pen_name, refused_for):
    why = pen_name_problem(pen_name, "Porthos", CHARACTERS)
    assert why is not None and why.endswith(f"{refused_for}, a character of this campaign"), why


@pytest.mark.parametrize("pen_name", ["The Red Fox", "A Musketeer of the King", "Amos", "Gus", "Jack", "Paris",
                                      "Sir John", "Porthos", "Portos", "A Gentleman of Paris"])
def test_a_pen_name_no_one_plays_is_printed(pen_name):
    """Far enough from every name; and the author's own name (or a slip of it) is his to sign."""
    assert pen_name_problem(pen_name, "Porthos", CHARACTERS) is None


def test_the_letter_is_refused_on_its_line_and_the_rest_of_the_sheet_stands():
    text = ("Character: Porthos\nWeek 1: rest\n"
            'Letter to the gazette (as "Athos"):\nI, Athos, confess to drinking water.\nEnd of letter\n'
            'Letter to the gazette (as "The Red Fox"):\nThe Cardinal is late.\nEnd of letter\n')
    sheet = parse_sheet(text, "p.txt", known=Known.of(CHARACTERS))
    assert [(e.line, e.code) for e in sheet.errors] == [(3, E_PEN_NAME)]
    assert "the pen-name 'Athos' is the name of Athos" in sheet.errors[0].message
    assert [x.byline("Porthos") for x in sheet.monthly.of(Letters).letters] == ["The Red Fox"]
    assert sheet.action(1).kind == "rest"
    # without the campaign's names (a sheet read alone) nothing is known to refuse
    assert len(parse_sheet(text, "p.txt").monthly.of(Letters).letters) == 2


@pytest.fixture
def gm(tmp_path):
    (tmp_path / "mail").mkdir()
    (tmp_path / "campaigns.toml").write_text(
        '[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\nseed = "t"\norders = "mail"\n')
    camp = load_one(tmp_path / "campaigns.toml", "t")
    ops.init(camp)
    for name in ("Porthos", "Athos"):
        ops.add_character(camp, given_character(Tables(), name, email=f"{name.lower()}@example.org", social_level=6,
                                                crowns=200, strength=10, constitution=10, expertise=10,
                                                military_ability=3), password="secret")
    run = cli(tmp_path / "campaigns.toml")
    run.camp, run.mail = camp, tmp_path / "mail"
    return run


def send(gm, name: str, body: str) -> None:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"] = f"{name}@example.org", "gm@example.org", "orders"
    m["Date"] = "Tue, 29 Jan 2030 10:00:00 +0000"
    m.set_content(body)
    (gm.mail / f"{name}.eml").write_bytes(m.as_bytes(policy=policy.default))


def test_a_letter_signed_as_athos_by_porthos_is_refused_on_his_confirmation(gm):
    """As found: `as "Athos"` printed Porthos's letter over Athos's name."""
    send(gm, "porthos", 'Character: Porthos\nPassword: secret\nWeek 1: rest\n'
                        'Letter to the gazette (as "the ATHOS"):\nI drink water.\nEnd of letter\n')
    [r] = ops.ingest(gm.camp, gm.mail)
    assert r.status == ops.ACCEPTED and [e.code for e in r.errors] == [E_PEN_NAME]
    assert "the pen-name 'the ATHOS' is the name of Athos, a character of this campaign: the letter is not " \
           "printed" in r.confirmation
    assert "I drink water" not in r.confirmation
    assert "No letters to the gazette" in gm("press")


def test_the_gm_sees_who_wrote_each_letter_and_the_gazette_only_the_pen_name(gm):
    send(gm, "porthos", 'Character: Porthos\nPassword: secret\nWeek 1: rest\n'
                        'Letter to the gazette (as "The Red Fox"):\nThe Cardinal is late.\nEnd of letter\n')
    send(gm, "athos", 'Character: Athos\nPassword: secret\nWeek 1: rest\n'
                      'Letter to the gazette (anonymous):\nSo is the King.\nEnd of letter\n')
    ops.ingest(gm.camp, gm.mail)
    out = gm("press")
    assert "--- signed The Red Fox (sent by Porthos)" in out
    assert "--- signed A Gentleman of Paris (sent by Athos)" in out
    gm("turn", "run")
    gm("gazette", "--no-pdf", "--no-reports")
    html = (Path(gm.camp.newsletters) / "t" / "1607-04.html").read_text()
    assert "The Red Fox" in html and "A Gentleman of Paris" in html
    section = html[html.index("Letters to the Gazette"):]
    section = section[: section.index("</section>")]
    assert "Porthos" not in section and "Athos" not in section

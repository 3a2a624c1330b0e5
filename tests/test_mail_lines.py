"""Line numbers in mail are the lines of the file the player sent (issue 11).

An error's FILE:LINE must point at the line he can find in the message he sent: exactly for
7bit/8bit text, where the line begins for quoted-printable (soft line breaks join the file's
lines), the line of the HTML source where the words begin for HTML, and the first line of the
part's encoded body for base64 (the best honest answer: the error still quotes the words).
"""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from pathlib import Path

import pytest

from engarde import codes
from engarde.intake import read_file, read_message
from engarde.parse import parse_sheet
from helpers import cli

DEMO = Path(__file__).resolve().parent.parent / "orders" / "demo"
SHEET = ("Dear GM, here are my orders.\n\nCharacter: Athos\nPassword: honour\nWeek 1: Practise rapier\n"
         "Week 2: Rest\nWeek 3: Sulk in the Tuileries\nWeek 4: Visit Maxim's\n")
LONG = ("Dear GM, " + "it has been a long month and I have much to tell you of the Cardinal's men " * 3).strip()


def message(body: str, subtype: str = "plain", **content) -> bytes:
    m = EmailMessage()
    m["From"] = "henri@example.org"
    m["Subject"] = "orders"
    m.set_content(body, subtype=subtype, **content)
    return m.as_bytes(policy=policy.default)


def line_of(data: bytes, needle: bytes) -> int:
    """The line of ``data`` (LF or CRLF) on which ``needle`` begins."""
    return data[: data.index(needle)].count(b"\n") + 1


def errors_at(data: bytes, source: str = "a.eml") -> list[tuple[int, str]]:
    msg = read_message(data, source)
    assert msg.ok, msg.errors
    sheet = parse_sheet(msg.body, source, lines=msg.lines)
    return [(e.line, e.code) for e in sheet.errors]


@pytest.mark.parametrize("cte", ["7bit", "8bit"])
def test_plain_text_lines_are_the_files(cte):
    """7bit or 8bit text: each line of the sheet is exactly the file's line."""
    data = message(SHEET.replace("Athos", "Ath\u00f6s") if cte == "8bit" else SHEET, cte=cte)
    assert errors_at(data) == [(line_of(data, b"Week 3:"), codes.E_UNKNOWN_VERB),
                               (line_of(data, b"Week 4:"), "unknown-club")]
    msg = read_message(data, "a.eml")
    assert parse_sheet(msg.body, "a.eml", lines=msg.lines).lines[1] == line_of(data, b"Week 1:")


def test_quoted_printable_lines_begin_where_the_file_line_does():
    """Quoted-printable: a long line is cut into several file lines by soft line breaks; each line
    of the sheet is the file line where it begins (the lines after it are counted in the file)."""
    body = f"{LONG}\n\n" + SHEET.replace("Week 3: Sulk in the Tuileries", "Week 3: Sulk in the Tuileries " + "and sulk " * 12)
    data = message(body, cte="quoted-printable")
    assert data.count(b"=\n") >= 3  # the greeting and week 3 are each cut by soft line breaks
    assert errors_at(data) == [(line_of(data, b"Week 3:"), codes.E_UNKNOWN_VERB),
                               (line_of(data, b"Week 4:"), "unknown-club")]


def test_crlf_mail_counts_the_same_lines():
    data = message(SHEET, cte="quoted-printable").replace(b"\n", b"\r\n")
    assert errors_at(data) == [(line_of(data, b"Week 3:"), codes.E_UNKNOWN_VERB),
                               (line_of(data, b"Week 4:"), "unknown-club")]


def test_base64_text_is_placed_at_its_first_line():
    """Base64 cannot be placed line by line: every error is on the first line of the encoded body."""
    data = message(SHEET, cte="base64")
    first = data.split(b"\n\n", 1)[0].count(b"\n") + 3  # the line after the blank line ending the headers
    assert errors_at(data) == [(first, codes.E_UNKNOWN_VERB), (first, "unknown-club")]


def test_html_lines_are_where_their_words_begin_in_the_source():
    """An HTML part (quoted-printable or 8bit): the line of the HTML where each line's words begin."""
    html = "<html><body>\n" + "".join(f"<p>{line}</p>\n" for line in SHEET.splitlines()) + "</body></html>\n"
    for cte in ("quoted-printable", "8bit"):
        data = message(html, subtype="html", cte=cte)
        assert errors_at(data) == [(line_of(data, b"Week 3:"), codes.E_UNKNOWN_VERB),
                                   (line_of(data, b"Week 4:"), "unknown-club")], cte


def test_html_in_base64_is_placed_at_its_first_line():
    html = "<div>" + "</div><div>".join(SHEET.splitlines()) + "</div>"
    data = message(html, subtype="html", cte="base64")
    first = data.split(b"\n\n", 1)[0].count(b"\n") + 3
    assert errors_at(data) == [(first, codes.E_UNKNOWN_VERB), (first, "unknown-club")]


def test_multipart_alternative_counts_the_plain_parts_lines():
    """The text part of a multipart mail (after its preamble and part headers), not the HTML twin."""
    m = EmailMessage()
    m["From"] = "henri@example.org"
    m.set_content(SHEET)
    m.add_alternative("<p>" + SHEET.replace("\n", "<br>\n") + "</p>", subtype="html")
    m.preamble = "This is a multi-part message in MIME format.\n"
    data = m.as_bytes(policy=policy.default)
    assert errors_at(data) == [(line_of(data, b"Week 3:"), codes.E_UNKNOWN_VERB),
                               (line_of(data, b"Week 4:"), "unknown-club")]


def test_format_flowed_lines_are_on_their_first_line():
    """format=flowed joins a paragraph's lines into one line of the sheet: it is on the first."""
    flowed = SHEET.replace("Week 3: Sulk in the Tuileries", "Week 3: Sulk in the \nTuileries")
    data = (b"From: henri@example.org\nContent-Type: text/plain; charset=utf-8; format=flowed\n\n"
            + flowed.encode())
    assert errors_at(data) == [(line_of(data, b"Week 3:"), codes.E_UNKNOWN_VERB),
                               (line_of(data, b"Week 4:"), "unknown-club")]


def test_an_mbox_from_line_is_a_line_of_the_message():
    data = b"From henri@example.org Sat Mar 29 19:12:44 2025\n" + message(SHEET, cte="7bit")
    assert errors_at(data)[0] == (line_of(data, b"Week 3:"), codes.E_UNKNOWN_VERB)


def test_a_sheet_with_no_character_is_reported_at_the_first_line_of_its_text():
    data = message("Week 1: rest\n", cte="7bit")
    assert errors_at(data) == [(line_of(data, b"Week 1:"), codes.E_NO_CHARACTER)]


# -- the demo's mails -----------------------------------------------------------------------------

# Where each demo mail's weeks are, as the file shows them: its week lines' words, or (base64)
# the first line of the encoded body.
DEMO_WEEKS = {
    "athos.eml": ("Wk 1 -", "Wk 2 -", "Wk 3 -", "Wk 4 -"),
    "dartagnan.eml": ("Week 1:", "Week 2:", "Week 3:", "Week 4:"),
    "falstaff.eml": ("1 Go to", "2 Visit", "3 Visit", "4 ditto"),
    "porthos.eml": ("Week 1:", "Week 2:", "Week 3:", "Week 4:"),
    "rodney-bergerac.eml": ("PCFET0NUWVBF",) * 4,
}


@pytest.mark.parametrize("name", sorted(DEMO_WEEKS))
def test_the_demo_mails_weeks_are_on_their_file_lines(name):
    """Each demo mail (8bit in a multipart, quoted-printable, multipart/alternative, 7bit, base64
    HTML): every week's line is the line of the .eml file that holds it."""
    msg = read_file(DEMO / name)
    sheet = parse_sheet(msg.body, msg.source, lines=msg.lines)
    file_lines = (DEMO / name).read_bytes().decode("latin-1").split("\n")
    for week, words in enumerate(DEMO_WEEKS[name], start=1):
        assert file_lines[sheet.lines[week] - 1].startswith(words), (name, week, sheet.lines)


def test_orders_check_and_ingest_name_the_files_line(tmp_path):
    """What the player is told (orders check, and the stored sheet of orders ingest) names the
    line of his file."""
    data = message(f"{LONG}\n\n{SHEET}", cte="quoted-printable")
    (tmp_path / "mail").mkdir()
    (tmp_path / "mail" / "athos.eml").write_bytes(data)
    (tmp_path / "campaigns.toml").write_text('[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\n'
                                            'orders = "mail"\n')
    run = cli(tmp_path / "campaigns.toml")
    week3 = line_of(data, b"Week 3:")
    assert week3 != SHEET.splitlines().index("Week 3: Sulk in the Tuileries") + 3  # not the decoded text's line
    out = run("orders", "check", str(tmp_path / "mail" / "athos.eml"), code=1)
    assert f"athos.eml:{week3}: 'Sulk in the Tuileries'" in out
    run("init")
    run("character", "create", "Athos", "--given", "--sl", "10", "--crowns", "500", "--strength", "14",
        "--constitution", "12", "--expertise", "14", "--ma", "6", "--password", "honour", "--email",
        "henri@example.org")
    out = run("orders", "ingest", code=1)
    assert f"athos.eml:{week3}: 'Sulk in the Tuileries'" in out
    assert f"athos.eml:{week3}: 'Sulk" in run("orders", "confirmations")

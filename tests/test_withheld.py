"""Issue 10, item 7: a password appears nowhere but as a hash.  The stored sheet (its text, its raw
mail, its parse, its errors, its confirmation), what ingest and `orders check` print, the
listings and `sheet --json` withhold every password line's value ("Password: [withheld]"); the
duplicate check is made on the bytes as received, so the same mail twice is still a duplicate.
"""

from __future__ import annotations

import email
import json
import string
import tempfile
from email import policy
from email.message import EmailMessage
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, assume, example, given, settings, strategies as st
from sqlalchemy import text as sql

from engarde import codes, ops, redaction, store
from engarde.cli import main
from engarde.config import load_one
from engarde.parse import parse_sheet
from engarde.passwords import without_password
from engarde.redaction import redact_raw, redact_text, secrets_in
from engarde.rules.creation.rules import given_character
from engarde.tables import Tables
from helpers import cli

DATE = "Tue, 29 Jan 2030 10:00:00 +0100"


def campaign(folder: Path, password: str = "pourquoi-pas", email_address: str = "paul@example.org"):
    (folder / "mail").mkdir()
    (folder / "campaigns.toml").write_text('[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\nseed = "t"\n'
                                           'orders = "mail"\n')
    camp = load_one(folder / "campaigns.toml", "t")
    ops.init(camp)
    ops.add_character(camp, given_character(Tables(), "Porthos", email=email_address, social_level=6, crowns=200,
                                            strength=10, constitution=10, expertise=10, military_ability=3),
                      password=password)
    return camp


def everything_stored(camp) -> str:
    """Every column of every row, and every text part of every stored raw mail decoded."""
    seen: list[str] = []
    with store.transaction(camp.database) as s:
        conn = s.connection()
        for table in ("order_sheet", "character", "campaign", "turn", "ledger", "event"):
            for row in conn.execute(sql(f"select * from {table}")):
                for value in row:
                    if isinstance(value, bytes):
                        seen += [value.decode("latin-1"), value.decode("utf-8", "replace")]
                        for part in email.message_from_bytes(value).walk():
                            payload = part.get_payload(decode=True)
                            if isinstance(payload, bytes):
                                seen += [payload.decode("latin-1"), payload.decode("utf-8", "replace")]
                    else:
                        seen.append(str(value))
    return "\n".join(seen)


def mail(body: str, *, subject: str = "orders", cte: str | None = None, html: str | None = None) -> bytes:
    m = EmailMessage()
    m["From"], m["To"], m["Subject"], m["Date"] = "paul@example.org", "gm@example.org", subject, DATE
    if cte:
        m.set_content(body, cte=cte)
    else:
        m.set_content(body)
    if html is not None:
        m.add_alternative(html, subtype="html")
    return m.as_bytes(policy=policy.default)


SHEET = "Character: Porthos\nPassword: pourquoi-pas\nWeek 1: Practise rapier\nNew password: sack-and-sherry\n"


def test_the_password_lines_are_withheld_from_the_stored_sheet_and_its_echoes(tmp_path):
    """As found: the password and the new one were stored as written in the sheet's text, raw
    bytes and parse.  Now each is "[withheld]" there, in the confirmation and in what ingest
    prints; the new password still takes effect."""
    camp = campaign(tmp_path)
    (tmp_path / "mail" / "a.eml").write_bytes(mail(SHEET))
    [r] = ops.ingest(camp, tmp_path / "mail")
    assert r.status == ops.ACCEPTED
    stored = everything_stored(camp)
    for secret in ("pourquoi-pas", "sack-and-sherry"):
        assert secret not in stored and secret not in r.confirmation and secret not in repr(r)
    assert "Password: [withheld]\n" in stored and "New password: [withheld]\n" in stored
    with store.transaction(camp.database) as s:
        [(raw, text, parsed)] = s.connection().execute(sql("select raw, text, parsed from order_sheet")).all()
    assert text.splitlines()[1] == "Password: [withheld]" and b"Password: [withheld]" in raw
    assert json.loads(parsed)["new_password"] == "[withheld]"
    assert "a new order password (from the next sheet you send)" in r.confirmation
    (tmp_path / "mail" / "b.eml").write_bytes(mail(SHEET.replace("pourquoi-pas", "sack-and-sherry")
                                                   .replace("New password: sack-and-sherry\n", "")))
    assert {Path(x.source).name: x.status for x in ops.ingest(camp, tmp_path / "mail")} == {
        "a.eml": ops.DUPLICATE, "b.eml": ops.ACCEPTED}  # the digest is of the bytes as received


def test_every_demo_sheet_is_stored_without_its_password(tmp_path):
    """The demo's mail in every form (quoted-printable multipart, HTML only in base64, 8bit UTF-8
    with an attachment, latin-1, text files): no password survives in what is stored."""
    from engarde.demo import roster, run_demo

    root = Path(__file__).parent.parent
    (tmp_path / "campaigns.toml").write_text((root / "campaigns.toml").read_text())
    camp = load_one(tmp_path / "campaigns.toml", "demo")
    camp = type(camp)(**{**camp.__dict__, "orders": root / "orders" / "demo"})
    run_demo(camp, pdf=False, echo=lambda line: None)
    stored = everything_stored(camp)
    for ch in roster():
        assert ch["password"] not in stored, ch["name"]
    assert stored.count("[withheld]") >= 7
    out = CliRunner().invoke(main, ["--config", str(tmp_path / "campaigns.toml"), "orders", "confirmations"]).output
    assert not [ch["name"] for ch in roster() if ch["password"] in out]


def test_orders_check_echoes_no_password(tmp_path):
    (tmp_path / "a.txt").write_text(SHEET + "My password is pourquoi-pas\n")
    run = cli(tmp_path / "campaigns.toml")
    for args in (["orders", "check", str(tmp_path / "a.txt")], ["orders", "check", "--json", str(tmp_path / "a.txt")]):
        out = run(*args, code=1)
        assert "pourquoi-pas" not in out and "sack-and-sherry" not in out and "[withheld]" in out


def test_a_misspelled_or_misplaced_password_is_reported_without_it():
    """'Pasword: x' is the password (a label misspelt as engarde.redaction knows them, which
    withholds it: issue 11); a new password on a week's line, or a password in a sentence, is
    not read, and the error does not quote it."""
    sheet = parse_sheet("Character: Porthos\nPasword: pourquoi-pas\nWeek 1: new password sack\n"
                        "Week 2: rest\nMy password is pourquoi-pas\n", "a.txt")
    assert [(e.line, e.code) for e in sheet.errors] == [(3, codes.E_BAD_ORDER), (5, codes.E_BAD_ORDER)]
    assert "'My password is [withheld]' is not read" in sheet.errors[1].message
    assert not [e for e in sheet.errors if "pourquoi" in str(e) or "sack" in str(e)]
    assert sheet.password == "pourquoi-pas" and sheet.new_password is None


def test_a_password_written_elsewhere_in_the_sheet_is_withheld_there_too(tmp_path):
    """In a letter to the gazette, in the chatter before the sheet, in a quoted reply, in the
    Subject: withheld wherever it appears, and the player is told why."""
    camp = campaign(tmp_path)
    body = ("Dear GM, my password is pourquoi-pas as ever.\n\n" + SHEET +
            "Letter to the gazette (signed):\nParis whispers: pourquoi-pas?\nEnd of letter\nEnd\n\n"
            "> Password: an-old-one\n")
    (tmp_path / "mail" / "a.eml").write_bytes(mail(body, subject="orders, pourquoi-pas"))
    [r] = ops.ingest(camp, tmp_path / "mail")
    stored = everything_stored(camp)
    assert "pourquoi-pas" not in stored and "an-old-one" not in stored
    assert "Paris whispers: [withheld]?" in r.confirmation
    assert any("besides its Password line" in n for n in r.notes)


def test_a_raw_mail_keeps_its_other_bytes_as_received():
    raw = mail("Hello\n" + SHEET, cte="quoted-printable", html="<p>" + SHEET.replace("\n", "<br>") + "</p>")
    out = redact_raw(raw, True, secrets_in(SHEET))
    assert out is not None and b"pourquoi-pas" not in out
    head = raw.split(b"\n\n", 1)[0]
    assert out.startswith(head)
    message = email.message_from_bytes(out)
    plain, html = [p.get_payload(decode=True).decode() for p in message.walk() if not p.is_multipart()]
    assert plain == "Hello\n" + redact_text(SHEET)
    assert "Password: [withheld]<br>" in html


# -- the property: no password anywhere ----------------------------------------------------------

SAFE = string.ascii_letters + string.digits + "-&!é€ <"
# (three letters and two other characters at least: six digits could be a time stamp's and
# "sender" a JSON key, where no password is)
PASSWORDS = st.text(alphabet=SAFE, min_size=6, max_size=18).map(str.strip).filter(
    lambda p: len(p) >= 6 and sum(c.isalpha() for c in p) >= 3 and sum(not c.isalpha() for c in p) >= 2)
HEADERS = ("Password: {}", "password = {}", "PW: {}", "**Password:** {}", "Passwd - {}", "  * Password: {}")
NEW = ("New password: {}", "Change my password to {}", "password change: {}", "Week 4: new password {}",
       "Week 4: Password: {}")
EXTRA = ("Pasword: {}", "Dear GM, my password is {}.", "> Password: {}", "Paris whispers: {}!")
FORMS = ("text file", "7bit", "8bit", "quoted-printable", "base64", "html only", "alternative")


def _compose(password: str, new: str, header: str, new_line: str | None, extras: list[str]) -> str:
    lines = [x.format(password) for x in extras if not x.startswith("Paris")]
    lines += ["", "Character: Porthos", header.format(password), "Month: April 1607", "Week 1: Practise rapier"]
    if new_line:
        lines.append(new_line.format(new))
    if "Paris whispers: {}!" in extras:
        lines += ["Letter to the gazette (as \"The Red Fox\"):", f"Paris whispers: {password}!", "End of letter"]
    return "\n".join(lines + ["End of orders", ""])


def _as(form: str, body: str, subject: str) -> bytes:
    if form == "text file":
        return body.encode("utf-8")
    page = "<html><body>" + "".join(f"<div>{x}</div>" for x in body.replace("&", "&amp;")
                                    .replace("<", "&lt;").split("\n")) + "</body></html>"
    if form == "html only":
        m = EmailMessage()
        m["From"], m["To"], m["Subject"], m["Date"] = "paul@example.org", "gm@example.org", subject, DATE
        m.set_content(page, subtype="html", cte="base64")
        return m.as_bytes(policy=policy.default)
    if form == "alternative":
        return mail(body, subject=subject, cte="quoted-printable", html=page)
    return mail(body, subject=subject, cte="8bit" if form == "7bit" and not body.isascii() else form)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow],
          phases=(Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink))
# found by hypothesis: two spaces inside a password, in an HTML part (its text shows one)
@example(password="0AA  A", new="000AAA", header="Password: {}", new_line=None, extras=["Paris whispers: {}!"],
         form="html only", right=False, in_subject=False)
@given(password=PASSWORDS, new=PASSWORDS, header=st.sampled_from(HEADERS),
       new_line=st.one_of(st.none(), st.sampled_from(NEW)), extras=st.lists(st.sampled_from(EXTRA), unique=True),
       form=st.sampled_from(FORMS), right=st.booleans(), in_subject=st.booleans())
def test_no_password_is_stored_or_echoed_anywhere(password, new, header, new_line, extras, form, right,
                                                  in_subject):
    """For random passwords, sheets and mail forms: neither the sheet's password (right or wrong),
    nor a new one, nor the one on record, appears in any stored column, in what ingest returns,
    in `orders check` (text and --json), `orders list --json`, `orders confirmations`, or
    `sheet --json`."""
    on_record = password if right else password[::-1] + "x"
    body = _compose(password, new, header, new_line, extras)
    fixed = _compose("", "", header, new_line, extras)
    secrets = {password, on_record} | ({new} if new_line else set())
    assume(all(s not in fixed and s not in "orders, Porthos, April 1607, paul@example.org" for s in secrets))
    assume(not any(a in b for a in secrets for b in secrets if a != b))
    subject = f"orders {password}" if in_subject else "orders"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        camp = campaign(folder, on_record)
        path = folder / "mail" / ("a.txt" if form == "text file" else "a.eml")
        path.write_bytes(_as(form, body, subject))
        results = ops.ingest(camp, folder / "mail")
        run = CliRunner()
        config = ["--config", str(folder / "campaigns.toml")]
        outputs = [repr(results), everything_stored(camp)]
        for args in (["orders", "check", str(path)], ["orders", "check", "--json", str(path)],
                     ["orders", "list", "--json"], ["orders", "confirmations"], ["sheet", "Porthos", "--json"],
                     ["orders", "ingest"]):
            outputs.append(run.invoke(main, config + args).output)
        store.forget_engine(camp.database)
    everything = "\n".join(outputs)
    for secret in secrets:
        assert secret not in everything
        if form == "alternative":
            escaped = secret.replace("&", "&amp;").replace("<", "&lt;")
            assert escaped not in everything


def test_a_sheet_stored_before_passwords_were_withheld_can_be_withheld_on_upgrade():
    """For the migration of an older database: its stored sheets held the password lines as
    written (text, raw, parse's new_password, an echo in an error and the confirmation)."""
    body = SHEET + "Pasword: pourquoi-pas\n"
    raw = mail(body, cte="base64")
    parsed = parse_sheet(body, "a.eml").to_dict()
    parsed["new_password"] = "sack-and-sherry"  # as an older engarde stored it
    errors = [{"source": "a.eml", "line": 5, "code": "unknown-verb",
               "message": "line not understood: 'Pasword: pourquoi-pas'", "suggestion": None}]
    confirmation = "Orders of Porthos\n  a.eml:5: line not understood: 'Pasword: pourquoi-pas'\n"
    out = redaction.withhold_stored_sheet(body, raw, parsed, errors, confirmation, True)
    seen = json.dumps([out[0], out[2], out[3], out[4]]) + out[1].decode("latin-1")
    seen += email.message_from_bytes(out[1]).get_payload(decode=True).decode()
    assert "pourquoi-pas" not in seen and "sack-and-sherry" not in seen
    assert out[0].splitlines()[1] == "Password: [withheld]" and out[2]["new_password"] == "[withheld]"
    assert without_password({"name": "Porthos", "password": "sack"}) == {"name": "Porthos"}


def test_words_after_password_is_or_to_are_withheld_on_their_line_only():
    """'Send the password to Athos' withholds 'Athos' there, and nowhere else: Athos stays a
    man one can challenge on the same sheet."""
    text = "Character: Porthos\nPassword: pourquoi-pas\nWeek 1: Challenge Athos for cheating\nI sent the password to Athos\n"
    assert secrets_in(text) == ["pourquoi-pas"]
    assert redact_text(text).splitlines()[2:] == ["Week 1: Challenge Athos for cheating",
                                                  "I sent the password to [withheld]"]

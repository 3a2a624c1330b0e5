"""The messages engarde mails, built with the standard library's ``email.message.EmailMessage``.

Headers are made by the email package (a name such as "Jacques Lefèvre" is encoded as the
RFC says, a line break in a name or subject cannot start a header of its own); the body is
plain text, or HTML with a plain-text alternative; files are attached by name.  A reply to a
player's mail carries In-Reply-To and References, so that his mail program threads it.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from email import policy
from email.headerregistry import Address
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from html.parser import HTMLParser
from pathlib import Path

from . import files
from .config import Campaign, SmtpSettings, address_problem
from .patterns import lazy

# The email package's policy, with header lines folded at 200 characters rather than 78: folded at
# 78, a subject of some 70 characters is put whole on a continuation line, and is read back with
# a space before it.  (RFC 5322 allows 998.)
POLICY = policy.default.clone(max_line_length=200)

# A Message-ID as a reply may quote it: <left@right>, nothing that could break a header.
MESSAGE_ID = lazy(r"<[^<>\s]{1,250}@[^<>\s]{1,250}>")


@dataclass(frozen=True)
class Attachment:
    filename: str
    content: bytes
    maintype: str = "application"
    subtype: str = "octet-stream"


@dataclass(frozen=True)
class Letter:
    """One message to one address, before it is built: what engarde.ops.mailing decides."""

    kind: str  # confirmation | reminder | report | gazette | welcome
    key: str  # which one of its kind (engarde.store.SentMailRow.key)
    to: str  # the one address it goes to (a character's on record, or a reader's)
    name: str  # the display name of the recipient ("" for none)
    subject: str
    text: str
    month: str = ""
    character: str | None = None
    character_id: int | None = None
    html: str | None = None
    reply_to_id: str = ""  # the player's Message-ID this answers
    attachments: tuple[Attachment, ...] = field(default_factory=tuple)


def _oneline(text: str) -> str:
    return " ".join(text.split())


def build(letter: Letter, campaign: Campaign, smtp: SmtpSettings | None, now: dt.datetime | None = None
          ) -> EmailMessage:
    """The message of ``letter``, from the campaign's address (or a placeholder for --dry-run
    without SMTP settings).  ValueError when the recipient's address is no address."""
    problem = address_problem(letter.to)
    if problem:
        raise ValueError(f"{letter.to!r}: {problem}")
    sender = smtp.sender if smtp is not None else f"gm@{campaign.id}.invalid"
    msg = EmailMessage(policy=POLICY)
    msg["From"] = Address(display_name=_oneline(campaign.newspaper or campaign.name), addr_spec=sender)
    msg["To"] = Address(display_name=_oneline(letter.name), addr_spec=letter.to.strip())
    if smtp is not None and smtp.reply_to:
        msg["Reply-To"] = Address(addr_spec=smtp.reply_to)
    msg["Subject"] = _oneline(letter.subject)
    msg["Date"] = format_datetime(now or dt.datetime.now(dt.timezone.utc))
    msg["Message-ID"] = make_msgid(domain=sender.rsplit("@", 1)[-1])
    if letter.reply_to_id and MESSAGE_ID.fullmatch(letter.reply_to_id.strip()):
        msg["In-Reply-To"] = letter.reply_to_id.strip()
        msg["References"] = letter.reply_to_id.strip()
    msg.set_content(letter.text)
    if letter.html is not None:
        msg.add_alternative(letter.html, subtype="html")
    for a in letter.attachments:
        if a.maintype == "text":  # text is attached as text, in UTF-8, so a mail program shows it
            msg.add_attachment(a.content.decode("utf-8"), subtype=a.subtype, filename=a.filename)
        else:
            msg.add_attachment(a.content, maintype=a.maintype, subtype=a.subtype, filename=a.filename)
    return msg


def eml_name(index: int, letter: Letter) -> str:
    """A file name for ``letter`` in a --dry-run folder: its order, kind and recipient, plain ASCII."""
    who = re.sub(r"[^A-Za-z0-9]+", "-", letter.character or letter.to).strip("-")[:40] or "x"
    return f"{index:03d}-{letter.kind}-{who}.eml"


def write_eml(folder: Path, name: str, msg: EmailMessage) -> Path:
    """The message as a .eml file, written whole or not at all (engarde.files)."""
    return files.write_bytes(folder / name, bytes(msg))


# -- plain text of an HTML page (the alternative a text-only mail reader shows) -----------------

_BLOCKS = {"p", "div", "section", "header", "footer", "article", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol",
           "table", "tr", "br", "li", "blockquote", "pre", "hr", "dl", "dt", "dd", "tbody", "thead"}
_SKIP = {"style", "script", "head", "title", "svg"}  # a chart (svg) is told by its aria-label


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:  # type: ignore[override]
        if tag == "svg" and not self.skipping:
            self.parts.append("\n" + (dict(attrs).get("aria-label") or "") + "\n")
        if tag in _SKIP:
            self.skipping += 1
        elif tag in _BLOCKS:
            self.parts.append("\n")
            if tag == "li":
                self.parts.append("  - ")
        elif tag in ("td", "th"):
            self.parts.append("  ")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self.skipping = max(0, self.skipping - 1)
        elif tag in _BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(re.sub(r"\s+", " ", data))


def plain_text(html: str) -> str:
    """The words of an HTML page, a line per block, for the text/plain alternative."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    lines = [" ".join(line.split()) for line in "".join(parser.parts).splitlines()]
    text = "\n".join(lines)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"

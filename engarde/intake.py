"""Reading order mail: bytes as they arrive become a ``Message`` with clean body text.

Players write from every kind of mail client, so this module takes whatever
arrives (an RFC 5322 message in any charset and transfer encoding, plain or
HTML, multipart, a reply with the GM's report quoted below, or a bare text
file) and returns the words the player wrote, for ``engarde.parse``.  It
never raises on content: a file that cannot be read or is not text becomes a
``Message`` carrying an ``E_BAD_MAIL`` error, so one bad file never stops the
others.

Quoted lines and the attribution line above them are blanked rather than
removed, so a line number in the body is the line the player sees in his own
message.  Sources: ``read_message`` (bytes) is the core; ``read_file`` and
``read_folder`` feed it from disk, and ``engarde.sources`` from a Maildir, an
mbox file or an IMAP mailbox.  A message larger than the campaign's limit is
not read at all (``too_large``): it becomes a Message with ``E_TOO_LARGE``.
"""

from __future__ import annotations

import codecs
import email
import email.message
import email.utils
import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from email import policy
from html.parser import HTMLParser
from pathlib import Path
from typing import Callable, TypeVar

from . import codes
from .records import ErrorRecord

T = TypeVar("T")

# Suffixes read from an order folder; "" is a file without one (Maildir, "orders").
FOLDER_SUFFIXES = frozenset({".eml", ".txt", ""})

# Header names that only mail has: a text starting with "Character: Porthos"
# looks like a header block too, and must stay plain text.
MAIL_HEADERS = frozenset({
    "from", "to", "cc", "subject", "date", "message-id", "received", "return-path",
    "mime-version", "content-type", "content-transfer-encoding", "delivered-to",
    "reply-to", "sender", "x-mailer", "user-agent", "in-reply-to", "references",
})
_HEADER_LINE = re.compile(r"[!-9;-~]+:")  # RFC 5322 field name, then a colon

# Where the player's own words end.
_SIGNATURE = re.compile(r"-- ?")  # RFC 3676 "-- "; many clients strip its space
_CUT = re.compile(
    r"\s*(?:-{2,}\s*original\s+message\s*-{2,}|_{20,}|sent\s+from\s+my\s+\S.*|get\s+outlook\s+for\s+\S.*)\s*",
    re.IGNORECASE)
_QUOTED = re.compile(r"\s*>")
_ATTRIBUTION = re.compile(r".*\b(?:wrote|writes|schrieb|a\s+écrit)\s*:\s*", re.IGNORECASE)


@dataclass
class Message:
    """One piece of order mail, as read.  ``body`` is what ``parse_sheet`` reads."""

    source: str
    sender: str | None = None  # the From address, lower case
    sender_name: str | None = None
    subject: str = ""
    date: datetime | None = None
    message_id: str | None = None
    body: str = ""
    raw: bytes = field(default=b"", repr=False)
    is_mail: bool = False  # False: a plain text file, no headers
    notes: list[str] = field(default_factory=list)
    errors: list[ErrorRecord] = field(default_factory=list)
    # When the source says it arrived: a file's modification time, an IMAP
    # server's INTERNALDATE, an mbox "From " line.  The Date header comes first.
    arrived: datetime | None = None
    size: int = 0  # bytes as received

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def too_large(self) -> bool:
        return any(e.code == codes.E_TOO_LARGE for e in self.errors)

    def received(self, now: datetime) -> tuple[datetime, str]:
        """When it was received, for the deadline, and where that time comes from."""
        if self.date is not None:
            return self.date, "its Date header"
        if self.arrived is not None:
            return self.arrived, "its arrival time"
        return now, "the time it was read"


def _bad_mail(source: str, message: str) -> ErrorRecord:
    return ErrorRecord(source, 0, codes.E_BAD_MAIL, message,
                       "send the orders again as a plain text mail")


def _safely(fn: Callable[[], T], default: T) -> T:
    """``fn()``, or ``default`` if it fails.

    The stdlib email package parses headers lazily and, on hostile input,
    can raise from deep inside (IndexError, HeaderParseError, ...); one odd
    header must not lose the player's orders.
    """
    try:
        return fn()
    except Exception:  # noqa: BLE001 - see docstring
        return default


# -- bytes to text -------------------------------------------------------------------


def looks_binary(data: bytes) -> bool:
    """A PDF, an image, a zip: NUL bytes, or many control bytes, near the start."""
    head = data[:4096]
    if b"\x00" in head:
        return True
    controls = sum(1 for b in head if b < 32 and b not in b"\t\n\r\f\x1b")
    return bool(head) and controls / len(head) > 0.1


def decode_text(data: bytes, charsets: tuple[str | None, ...], notes: list[str]) -> str:
    """The first of ``charsets`` (then UTF-8, Windows-1252, Latin-1) that decodes ``data``.

    Latin-1 decodes any bytes, so this always returns text; a note says when
    the declared charset did not fit.
    """
    declared = next((c for c in charsets if c), None)
    for charset in (*charsets, "utf-8", "cp1252", "latin-1"):
        if not charset:
            continue
        try:
            codecs.lookup(charset)
        except LookupError:
            notes.append(f"unknown charset {charset!r}")
            continue
        try:
            text = data.decode(charset)
        except UnicodeDecodeError:
            continue
        if declared and _codec_name(charset) != _codec_name(declared):
            notes.append(f"text was not valid {declared}; read as {charset}")
        return text
    return data.decode("latin-1")  # unreachable: latin-1 always decodes


def _codec_name(charset: str) -> str | None:
    """The codec's own name ("latin_1" -> "iso8859-1"), to compare two spellings."""
    try:
        return codecs.lookup(charset).name
    except LookupError:
        return None


# -- HTML to text ------------------------------------------------------------------------

_BLOCK_TAGS = frozenset({
    "p", "div", "br", "li", "tr", "table", "ul", "ol", "pre", "hr", "dd", "dt", "dl",
    "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "blockquote",
})
_VOID_TAGS = frozenset({
    "br", "img", "hr", "meta", "link", "input", "area", "base", "col", "embed", "param",
    "source", "track", "wbr",
})
_HIDDEN_TAGS = frozenset({"script", "style", "head", "title", "template", "blockquote"})
# Containers mail clients put quoted replies in.
_QUOTE_CLASSES = ("gmail_quote", "moz-cite-prefix", "yahoo_quoted", "ms-outlook-quote")


class _HTMLText(HTMLParser):
    """Visible text of an HTML mail, a line per block; quoted replies left out.

    Lines follow what a browser shows: a block boundary ends a line that has
    text, a <br> always ends one (so ``<div><br></div>`` is one blank line),
    and nested blocks do not add blank lines.
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line = ""
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, hidden, preformatted)
        # counts of open hidden / <pre> elements, kept so deep nesting stays linear
        self.hidden = 0
        self.pre = 0
        self.open: dict[str, int] = {}  # tag -> how many are open: a stray end tag costs nothing

    def _hidden(self) -> bool:
        return self.hidden > 0

    def _pre(self) -> bool:
        return self.pre > 0

    def _end_line(self, always: bool) -> None:
        if always or self.line.strip():
            self.lines.append(self.line.strip())
            self.line = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._boundary(tag)
        if tag in _VOID_TAGS:
            return
        values = dict(attrs)
        css = values.get("class") or ""
        hidden = (tag in _HIDDEN_TAGS or values.get("type") == "cite"
                  or any(q in css for q in _QUOTE_CLASSES) or values.get("id") == "divRplyFwdMsg")
        self.stack.append((tag, hidden, tag == "pre"))
        self.hidden += hidden
        self.pre += tag == "pre"
        self.open[tag] = self.open.get(tag, 0) + 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._boundary(tag)

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1) if self.open.get(tag) else ():
            if self.stack[i][0] == tag:
                for closed, hidden, pre in self.stack[i:]:
                    self.hidden -= hidden
                    self.pre -= pre
                    self.open[closed] -= 1
                del self.stack[i:]
                break
        if tag in _BLOCK_TAGS and tag != "br":
            self._end_line(always=False)

    def _boundary(self, tag: str) -> None:
        if self._hidden():
            return
        if tag == "br":
            self._end_line(always=True)
        elif tag in _BLOCK_TAGS:
            self._end_line(always=False)

    def handle_data(self, data: str) -> None:
        if self._hidden():
            return
        if self._pre():
            *done, self.line = (self.line + data).split("\n")
            self.lines.extend(done)
        else:
            self.line += re.sub(r"\s+", " ", data)

    def text(self) -> str:
        self._end_line(always=False)
        while self.lines and not self.lines[-1]:
            self.lines.pop()
        while self.lines and not self.lines[0]:
            self.lines.pop(0)
        return "\n".join(self.lines) + ("\n" if self.lines else "")


def html_to_text(html: str) -> str:
    parser = _HTMLText()
    parser.feed(html)
    parser.close()
    return parser.text()


# -- the player's own words ----------------------------------------------------------------


def clean_body(text: str) -> str:
    """The player's words: quoted reply lines blanked, signature and forwarded tail cut.

    Blanking (not removing) keeps each line where the player sees it, so an
    error's line number points at his own line.
    """
    lines = re.split(r"\r\n|\r|\n", text)
    kept: list[str] = []
    quoted: list[bool] = []
    for line in lines:
        if _SIGNATURE.fullmatch(line) or _CUT.fullmatch(line):
            break
        is_quote = bool(_QUOTED.match(line))
        quoted.append(is_quote)
        kept.append("" if is_quote else line.rstrip())
    for i, line in enumerate(kept):
        # "On 3 April, the GM wrote:" above a quote belongs to the quote
        if line and _ATTRIBUTION.fullmatch(line):
            following = next((j for j in range(i + 1, len(kept)) if kept[j] or quoted[j]), None)
            if following is not None and quoted[following]:
                kept[i] = ""
    while kept and not kept[-1]:
        kept.pop()
    return "\n".join(kept) + ("\n" if kept else "")


def unflow(text: str, delsp: bool = False) -> str:
    """Undo RFC 3676 ``format=flowed``: a line ending in a space continues on the next.

    Thunderbird and others send long lines this way; unjoined, "Week 1: Go to
    Hunter's with Falstaff and" / "carouse" would read as two lines.
    """
    lines: list[str] = []
    held: str | None = None  # a flowed line waiting for its continuation
    held_depth = 0
    for line in text.split("\n"):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]  # space-stuffing
        if held is not None and (depth != held_depth or content == "-- "):
            lines.append(held)  # a quote level change or a signature ends a paragraph
            held = None
        joined = (held if held is not None else ">" * depth + (" " if depth else "")) + content
        if content.endswith(" ") and content != "-- ":
            held, held_depth = (joined[:-1] if delsp else joined), depth
            continue
        lines.append(joined)
        held = None
    if held is not None:
        lines.append(held)
    return "\n".join(lines)


# -- reading a message -----------------------------------------------------------------------


def looks_like_mail(data: bytes) -> bool:
    """True if ``data`` starts with an RFC 5322 header block holding a mail header.

    The block must end with a blank line; a leading mbox "From " line is allowed.
    """
    lines = data[:65536].decode("latin-1").splitlines()
    if lines and lines[0].startswith("From "):
        lines = lines[1:]
    names: set[str] = set()
    for line in lines:
        if not line.strip():
            return bool(names & MAIL_HEADERS)
        if line[0] in " \t":
            if not names:
                return False
            continue
        m = _HEADER_LINE.match(line)
        if not m:
            return False
        names.add(m.group(0)[:-1].lower())
    return False


def _part_text(part: email.message.EmailMessage, notes: list[str]) -> str:
    """A leaf part's text: transfer encoding undone, charset decoded, HTML made text."""
    payload = _safely(lambda: part.get_payload(decode=True), b"") or b""
    if not isinstance(payload, bytes):
        payload = str(payload).encode("utf-8", "replace")
    charset = _safely(part.get_content_charset, None)
    text = decode_text(payload, (charset,), notes).replace("\r\n", "\n")
    if part.get_content_type() == "text/html":
        return html_to_text(text)
    if (_safely(lambda: part.get_param("format"), None) or "").lower() == "flowed":
        delsp = (_safely(lambda: part.get_param("delsp"), None) or "").lower() == "yes"
        text = unflow(text, delsp)
    return text


def _parents(msg: email.message.EmailMessage) -> dict[int, email.message.EmailMessage]:
    parents: dict[int, email.message.EmailMessage] = {}
    for part in msg.walk():
        if part.is_multipart():
            for child in _safely(lambda p=part: list(p.iter_parts()), []):
                parents[id(child)] = part
    return parents


def _alternatives_of(body: email.message.EmailMessage, msg: email.message.EmailMessage) -> set[int]:
    """Parts that are other versions of ``body`` (its multipart/alternative family)."""
    parents = _parents(msg)
    node = body
    while id(node) in parents:
        node = parents[id(node)]
        if node.get_content_type() == "multipart/alternative":
            return {id(p) for p in node.walk()}
    return set()


def _attachment_name(part: email.message.EmailMessage) -> str:
    return _safely(part.get_filename, None) or part.get_content_type()


def _read_mail(data: bytes, out: Message) -> None:
    msg = email.message_from_bytes(data, policy=policy.default)
    out.is_mail = True
    name, address = _safely(lambda: email.utils.parseaddr(str(msg.get("From", ""))), ("", ""))
    out.sender = address.lower() or None
    out.sender_name = name or None
    out.subject = _safely(lambda: " ".join(str(msg.get("Subject", "")).split()), "")
    out.message_id = _safely(lambda: str(msg.get("Message-ID", "")).strip(), "") or None
    # the raw text: policy.default turns an unparsable date into an empty header
    date = _safely(lambda: next((str(v).strip() for k, v in msg.raw_items() if k.lower() == "date"), ""), "")
    if date:
        out.date = _safely(lambda: email.utils.parsedate_to_datetime(date), None)
        if out.date is None:
            out.notes.append(f"date {date!r} not understood")

    body = _safely(lambda: msg.get_body(preferencelist=("plain", "html")), None)
    leaves = [p for p in msg.walk() if not p.is_multipart()]
    if body is None:
        # No inline text: some players attach their orders as a text file.
        body = next((p for p in leaves if p.get_content_maintype() == "text"), None)
        if body is not None:
            out.notes.append(f"orders read from the attachment {_attachment_name(body)}")
    if body is None:
        out.errors.append(_bad_mail(out.source, "the mail has no text in it"))
    else:
        out.body = clean_body(_part_text(body, out.notes))
    family = _alternatives_of(body, msg) if body is not None else set()
    for part in leaves:
        if part is not body and id(part) not in family:
            out.notes.append(f"attachment {_attachment_name(part)} ignored")


def too_large(source: str, size: int, limit: int, arrived: datetime | None = None) -> Message:
    """A message over the size limit: rejected with the reason, its bytes not read nor kept."""
    out = Message(source=source, size=size, arrived=arrived)
    out.errors.append(ErrorRecord(
        source, 0, codes.E_TOO_LARGE,
        f"the message is {size:,} bytes, more than the campaign's limit of {limit:,}: it was not read",
        "send the orders as plain text, without attachments",
    ))
    return out


def read_message(data: bytes, source: str, max_bytes: int | None = None,
                 arrived: datetime | None = None) -> Message:
    """One piece of order mail (or a plain text file) as a ``Message``.  Never raises.

    Over ``max_bytes`` it is not read (``too_large``).
    """
    data = bytes(data)
    if max_bytes is not None and len(data) > max_bytes:
        return too_large(source, len(data), max_bytes, arrived)
    out = Message(source=source, raw=data, arrived=arrived, size=len(data))
    try:
        if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
            # Windows Notepad's "Unicode": full of NUL bytes, yet text
            out.body = clean_body(data.decode("utf-16", errors="replace"))
            out.notes.append("read as UTF-16 text")
        elif looks_binary(data):
            out.errors.append(_bad_mail(source, "this is not a mail or a text file (binary data)"))
        elif looks_like_mail(data):
            _read_mail(data, out)
        else:
            # No headers: a text file with the orders in it, as a player saved them.
            out.body = clean_body(decode_text(data, ("utf-8-sig",), out.notes))
    except Exception as exc:  # noqa: BLE001 - the email package's odd errors; see _safely
        out.errors.append(_bad_mail(source, f"the mail cannot be read ({type(exc).__name__}: {exc})"))
    return out


def read_file(path: str | os.PathLike[str], max_bytes: int | None = None) -> Message:
    """One file as a ``Message``; an unreadable file is a Message with ``E_BAD_MAIL``.

    Its modification time is when it arrived (for a mail with no Date header).
    A file over ``max_bytes`` is not read.
    """
    source = str(path)
    try:
        stat = Path(path).stat()
        arrived = datetime.fromtimestamp(stat.st_mtime, tz=timezone.utc)
        if max_bytes is not None and stat.st_size > max_bytes:
            return too_large(source, stat.st_size, max_bytes, arrived)
        data = Path(path).read_bytes()
    except OSError as exc:
        message = Message(source=source)
        message.errors.append(_bad_mail(source, f"the file cannot be read ({exc.strerror or exc})"))
        return message
    return read_message(data, source, max_bytes, arrived)


def folder_files(path: str | os.PathLike[str]) -> list[Path]:
    """The order files of a folder, in name order: ``*.eml``, ``*.txt``, no suffix.

    Hidden files (editor and sync droppings) and folders are skipped; a broken
    link is kept, so that its loss is reported rather than silent.
    """
    folder = Path(path)
    files = []
    for entry in sorted(folder.iterdir(), key=lambda p: p.name):
        if entry.name.startswith(".") or entry.suffix.lower() not in FOLDER_SUFFIXES:
            continue
        if entry.is_symlink() or _safely(entry.is_file, True):
            if not _safely(entry.is_dir, False):
                files.append(entry)
    return files


def read_folder(path: str | os.PathLike[str], max_bytes: int | None = None) -> list[Message]:
    """Every order file in a folder as a ``Message``, in name order.

    A missing folder raises ``FileNotFoundError`` (the caller's mistake, for
    the CLI to report); a bad file inside it never does.
    """
    return [read_file(entry, max_bytes) for entry in folder_files(path)]

"""Reading order mail: bytes as they arrive become a ``Message`` with clean body text.

Players write from every kind of mail client, so this module takes whatever
arrives (an RFC 5322 message in any charset and transfer encoding, plain or
HTML, multipart, a reply with the GM's report quoted below) and returns the
words the player wrote, for ``engarde.parse``.  Whether something is mail or a
text file the GM typed is said by where it came from, never guessed from its
content: every message of an mbox, a Maildir or IMAP is mail, and in an orders
folder the name says it (``ORDER_FILES``).  A mail whose headers cannot be read
is refused with the reason, never read as text (that would skip the sender
check).

It never raises on content: a message that cannot be read becomes a
``Message`` carrying an ``E_BAD_MAIL`` error, a file that is not a regular
file is never opened (``E_NOT_READ``, ``skipped``), so one bad file never stops
the others.  What it keeps is safe to store and print: no NUL, no lone
surrogate, no control character (each replaced by U+FFFD, with a note).

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
import stat
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email import headerregistry, policy
from html.parser import HTMLParser
from pathlib import Path
from typing import Callable, TypeVar

from . import codes, mail_lines
from .grammar import split_lines
from .records import ErrorRecord
from .redaction import redact_text
from .patterns import lazy

T = TypeVar("T")

# What a file of an orders folder is, by its name: mail as a mail program saves it (an .eml,
# or an MH folder's numbered files, which have no extension), or a text file the GM typed
# (no headers, no sender: taken on the character's password alone).  Any other file is not
# read, and the intake says so.
ORDER_FILES = {".eml": "mail", "": "mail", ".txt": "text"}

# Header fields engarde reads, of the message and of each MIME part.  Python's email package
# parses them with a structured parser whose time grows faster than their length (a
# Content-Type of 20 KB with thousands of parameters takes a second; a Subject of 1 MB of
# encoded words takes gigabytes), so each is refused past MAX_FIELD_BYTES and all of them
# together past MAX_FIELDS_BYTES.  Real mail stays far below: a From or a Content-Type is a
# few hundred bytes.  Fields engarde does not read are never parsed, whatever their size.
READ_FIELDS = frozenset({"from", "date", "message-id", "subject", "content-type",
                         "content-transfer-encoding", "content-disposition"})
MAX_FIELD_BYTES = 8192
MAX_FIELDS_BYTES = 65536
# Order mail is a text, perhaps an HTML twin and a few attachments, perhaps forwarded once
# or twice; past these a mail is refused rather than walked.
MAX_PARTS = 100
MAX_DEPTH = 20

# When a message says it was sent (its Date) or a source says it arrived: a time further than
# this from the moment engarde reads it is not trusted (a clock ten years wrong is a mistake,
# and the same bound as a sheet held ahead, engarde.deadlines.MAX_MONTHS_AHEAD); nor is a
# time-zone offset no place on earth has (they run from -12:00 to +14:00).
TRUSTED_SPAN = timedelta(days=3653)
MAX_OFFSET = timedelta(hours=14)

# Lines a MIME parser acts on, found anywhere in a message before it is parsed (the parser
# reads every part's Content-Type as it goes, and spends time on every part): a field engarde
# reads with its continuation lines, and a line that may be a part's boundary.  Matching a
# line of a body too only makes the count larger, never lets a long field through.
_READ_FIELD = lazy(
    rb"(?:^|(?<=[\r\n]))(?:" + b"|".join(f.encode() for f in sorted(READ_FIELDS)) + rb")[ \t]*:"
    rb"[^\r\n]*(?:(?:\r\n|\r|\n)[ \t][^\r\n]*)*", re.IGNORECASE)
_DASH_LINE = lazy(rb"(?:^|(?<=[\r\n]))--")
MAX_DASH_LINES = 2000  # boundary lines, counted before parsing: 20 times what MAX_PARTS allows
_HEADER_LINE = lazy(rb"[!-9;-~]+:")  # RFC 5322 field name, then a colon
_NEWLINE = lazy(rb"\r\n|\r|\n")
# What must not be stored or printed: NUL and the other control characters but tab and
# the line ends, DEL and the C1 controls (a terminal obeys some), lone surrogates.
_CONTROL = lazy(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_ANY_CONTROL = lazy(r"[\x00-\x1f\x7f-\x9f]")

# Where the player's own words end.
_SIGNATURE = lazy(r"-- ?")  # RFC 3676 "-- "; many clients strip its space
_CUT = lazy(
    r"\s*(?:-{2,}\s*original\s+message\s*-{2,}|_{20,}|sent\s+from\s+my\s+\S.*|get\s+outlook\s+for\s+\S.*)\s*",
    re.IGNORECASE)
_QUOTED = lazy(r"\s*>")
_ATTRIBUTION = lazy(r".*\b(?:wrote|writes|schrieb|a\s+écrit)\s*:\s*", re.IGNORECASE)


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
    # For mail: the line of the message as received where each line of ``body`` begins (what an
    # error names: engarde.mail_lines); None for a text file, whose lines are the body's.
    lines: list[int] | None = None
    raw: bytes = field(default=b"", repr=False)
    is_mail: bool = False  # False: a text file the GM typed, no headers
    notes: list[str] = field(default_factory=list)
    errors: list[ErrorRecord] = field(default_factory=list)
    # When the source says it arrived: a file's modification time, an IMAP
    # server's INTERNALDATE, an mbox "From " line.  The Date header comes first.
    arrived: datetime | None = None
    size: int = 0  # bytes as received
    # Not read at all (a FIFO, a link out of the folder, a file of another kind): nothing to
    # store; the reason is its error (something the GM must look at) or its note.
    skipped: bool = False
    date_problem: str | None = None  # why its Date header gives no time (not a date, no place's offset)
    # Read but not decoded (``read_message(decode=False)``): only its bytes, source and arrival
    # are known; ``decoded`` reads the rest.  The intake decodes only mail it has not stored.
    undecoded: bool = False

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def too_large(self) -> bool:
        return any(e.code == codes.E_TOO_LARGE for e in self.errors)

    @property
    def unreadable(self) -> str | None:
        """Why the message could not be read (too large, not mail, no text), if it could not."""
        return next((e.message for e in self.errors if e.code in (codes.E_BAD_MAIL, codes.E_TOO_LARGE)), None)

    def when(self, now: datetime) -> tuple[datetime, str, list[str]]:
        """When it was received, for the deadline; where that time comes from; and a note when a
        time it gives was not used: its Date header, else when the source says it arrived, else
        ``now``, the time it was read.  A time is used only if it can be trusted (``untrusted``)."""
        refused = [self.date_problem] if self.date_problem else []
        for moment, what in ((self.date, "its Date header"), (self.arrived, "its arrival time")):
            if moment is None:
                continue
            why = untrusted(moment, now)
            if why is None:
                return _aware(moment), what, ([f"{'; '.join(refused)}: {what} is used instead"] if refused else [])
            refused.append(f"{what} ({moment.isoformat(' ')}) is not trusted: {why}")
        used = "the time it was read"
        return _aware(now), used, ([f"{'; '.join(refused)}: {used} is used instead"] if refused else [])

    def received(self, now: datetime) -> tuple[datetime, str]:
        """When it was received, for the deadline, and where that time comes from (``when``)."""
        moment, what, _ = self.when(now)
        return moment, what


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=timezone.utc)


def untrusted(moment: datetime, now: datetime) -> str | None:
    """Why ``moment`` (a Date header, an arrival time) cannot be used as the time a message was
    received; None if it can.  Within ``TRUSTED_SPAN`` of ``now``, with a real offset, every
    calculation with it (deadlines, time zones) stays within the calendar."""
    offset = moment.utcoffset()
    if offset is not None and abs(offset) > MAX_OFFSET:
        return f"its time-zone offset {_offset_text(offset)} is no place's (they run from -1200 to +1400)"
    try:
        distance = _aware(moment).astimezone(timezone.utc) - _aware(now).astimezone(timezone.utc)
    except (OverflowError, ValueError):
        return "it is out of the calendar's range"
    if abs(distance) > TRUSTED_SPAN:
        return f"it is more than ten years {'after' if distance > timedelta(0) else 'before'} the time it was read"
    return None


def _offset_text(offset: timedelta) -> str:
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"


def _bad_mail(source: str, message: str) -> ErrorRecord:
    return ErrorRecord(source, 0, codes.E_BAD_MAIL, message,
                       "send the orders again as a plain text mail")


def _not_read(source: str, message: str) -> Message:
    """A file that was not opened (or could not be): reported, nothing stored."""
    out = Message(source=source, skipped=True)
    out.errors.append(ErrorRecord(source, 0, codes.E_NOT_READ, message,
                                  "put only the order mail in the folder, as regular files"))
    return out


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


def safe_text(text: str, notes: list[str] | None = None) -> str:
    """``text`` with NUL, lone surrogates and control characters (but tab and line ends) replaced
    by U+FFFD: storable in any database, harmless on a terminal.  A note says how many."""
    text, count = _CONTROL.subn("\ufffd", text)
    if count and notes is not None:
        notes.append(f"{count} control character(s) or NUL byte(s) replaced by \ufffd")
    return text


def header_text(value: object) -> str:
    """A header's value made one safe line."""
    return _ANY_CONTROL.sub(" ", _CONTROL.sub("\ufffd", str(value))).strip()


def shown(text: str, limit: int = 80) -> str:
    """A header's value quoted in a note or a reason, shortened."""
    text = header_text(text)
    return repr(text if len(text) <= limit else text[:limit - 3] + "...")


def source_name(path: str | os.PathLike[str]) -> str:
    """A path as engarde shows and stores it: bytes that are not UTF-8 as ``\\xNN`` and a newline
    or other control character escaped, so that a file name is always one printable line."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = os.fsdecode(text)
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        data = text.encode("utf-8", "backslashreplace")
    text = data.decode("utf-8", "backslashreplace")
    return _CONTROL.sub(lambda m: repr(m.group(0))[1:-1], text).replace("\t", "\\t").replace(
        "\n", "\\n").replace("\r", "\\r")


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
            known = getattr(codecs.lookup(charset), "_is_text_encoding", True)
        except (LookupError, ValueError, TypeError):
            known = False
        if not known:  # no such codec, or one that is no charset (rot13, base64, zlib)
            notes.append(f"unknown charset {shown(charset, 40)}")
            continue
        try:
            text = data.decode(charset)
        except (UnicodeError, LookupError, ValueError, TypeError):
            continue
        if declared and _codec_name(charset) != _codec_name(declared):
            notes.append(f"text was not valid {header_text(declared)[:40]}; read as {charset}")
        return text
    return data.decode("latin-1")  # unreachable: latin-1 always decodes


def _codec_name(charset: str) -> str | None:
    """The codec's own name ("latin_1" -> "iso8859-1"), to compare two spellings."""
    try:
        return codecs.lookup(charset).name
    except (LookupError, ValueError, TypeError):
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
    and nested blocks do not add blank lines.  A numbered list's items show
    their numbers ("1. ", as the browser draws them) and a table's cells are
    kept apart by a tab, so that "<tr><td>Week 1</td><td>Rest</td></tr>" reads
    "Week 1<tab>Rest".  ``sources`` holds, for each line, the line of the HTML
    where its words begin (for the line numbers of engarde.mail_lines).
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.sources: list[int] = []
        self.line = ""
        self.source: int | None = None  # the HTML line where the words of ``line`` begin
        self.stack: list[tuple[str, bool, bool]] = []  # (tag, hidden, preformatted)
        # counts of open hidden / <pre> elements, kept so deep nesting stays linear
        self.hidden = 0
        self.pre = 0
        self.open: dict[str, int] = {}  # tag -> how many are open: a stray end tag costs nothing
        self.lists: list[list] = []  # each open <ol>/<ul>: [tag, the last number, its numbering type]
        self.marker = ""  # a list item's number, put before its first words

    def _hidden(self) -> bool:
        return self.hidden > 0

    def _pre(self) -> bool:
        return self.pre > 0

    def _end_line(self, always: bool) -> None:
        if always or self.line.strip():
            self.lines.append(self.line.strip())
            self.sources.append(self.source if self.source is not None else self.getpos()[0])
            self.line, self.source = "", None

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
        if tag in ("ol", "ul"):
            first = values.get("start") or "1"
            self.lists.append([tag, int(first) - 1 if first.strip().isdigit() and len(first) < 6 else 0,
                               values.get("type") or "1"])
        elif tag == "li" and self.lists and self.lists[-1][0] == "ol":
            self.lists[-1][1] += 1
            self.marker = _list_number(self.lists[-1][1], self.lists[-1][2]) + ". "
        elif tag in ("td", "th") and self.line.strip() and not self._hidden():
            self.line += "\t"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._boundary(tag)

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1) if self.open.get(tag) else ():
            if self.stack[i][0] == tag:
                for closed, hidden, pre in self.stack[i:]:
                    self.hidden -= hidden
                    self.pre -= pre
                    self.open[closed] -= 1
                    if closed in ("ol", "ul") and self.lists:
                        self.lists.pop()
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
        line = self.getpos()[0]
        if self._pre():  # preformatted: its lines as they are
            *done, last = (self.line + data).split("\n")
            for k, text in enumerate(done):
                self.lines.append(text)
                self.sources.append(self.source if k == 0 and self.source is not None else line + k)
            if done:
                self.line, self.source = last, (line + len(done) if last else None)
            else:
                self.line = last
                self.source = line if self.source is None and last else self.source
            return
        words = re.sub(r"\s+", " ", data)
        if words.strip():
            if self.source is None or not self.line.strip():
                # the words begin on the data's first line that has any
                self.source = line + data[: len(data) - len(data.lstrip())].count("\n")
            if self.marker:
                self.line, self.marker = self.line + self.marker, ""
        self.line += words

    def text(self) -> tuple[str, list[int]]:
        self._end_line(always=False)
        lines, sources = self.lines, self.sources
        while lines and not lines[-1]:
            lines.pop()
            sources.pop()
        first = next((i for i, line in enumerate(lines) if line), len(lines))
        lines, sources = lines[first:], sources[first:]
        return "\n".join(lines) + ("\n" if lines else ""), sources


_ROMAN = (("m", 1000), ("cm", 900), ("d", 500), ("cd", 400), ("c", 100), ("xc", 90), ("l", 50), ("xl", 40),
          ("x", 10), ("ix", 9), ("v", 5), ("iv", 4), ("i", 1))


def _list_number(n: int, kind: str) -> str:
    """A list item's number as a browser draws it for <ol type=...>: 1, i, I, a, A."""
    if kind in ("i", "I") and 0 < n < 4000:
        roman = ""
        for letters, value in _ROMAN:
            count, n = divmod(n, value)
            roman += letters * count
        return roman.upper() if kind == "I" else roman
    if kind in ("a", "A") and 0 < n <= 26:
        letter = "abcdefghijklmnopqrstuvwxyz"[n - 1]
        return letter.upper() if kind == "A" else letter
    return str(n)


def html_lines(html: str) -> tuple[str, list[int]]:
    """The visible text of ``html``, and for each of its lines the line of ``html`` where it begins."""
    parser = _HTMLText()
    parser.feed(html)
    parser.close()
    return parser.text()


def html_to_text(html: str) -> str:
    return html_lines(html)[0]


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
    return unflow_lines(text, delsp)[0]


def unflow_lines(text: str, delsp: bool = False) -> tuple[str, list[int]]:
    """``unflow``, and for each line of the result the index of the line of ``text`` it begins on."""
    lines: list[str] = []
    starts: list[int] = []
    held: str | None = None  # a flowed line waiting for its continuation
    held_depth = held_start = 0
    for index, line in enumerate(text.split("\n")):
        depth = len(line) - len(line.lstrip(">"))
        content = line[depth:]
        if content.startswith(" "):
            content = content[1:]  # space-stuffing
        if held is not None and (depth != held_depth or content == "-- "):
            lines.append(held)  # a quote level change or a signature ends a paragraph
            starts.append(held_start)
            held = None
        start = held_start if held is not None else index
        joined = (held if held is not None else ">" * depth + (" " if depth else "")) + content
        if content.endswith(" ") and content != "-- ":
            held, held_depth, held_start = (joined[:-1] if delsp else joined), depth, start
            continue
        lines.append(joined)
        starts.append(start)
        held = None
    if held is not None:
        lines.append(held)
        starts.append(held_start)
    return "\n".join(lines), starts


# -- reading a message -----------------------------------------------------------------------


def header_problem(data: bytes) -> str | None:
    """Why ``data``, which its source says is mail, cannot be read as mail; None if it can.

    A mail begins with its header block (after an mbox "From " line, if one was kept): each
    line a field ("Name: value") or the continuation of one, up to a blank line or the end.
    A block that is not there, or that holds a line that is no field, is refused: read
    any other way, its sender would not be known.
    """
    if not data.strip():
        return "the message is empty"
    if data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return "this is UTF-16 text, not a mail (a sheet typed by the GM goes in a .txt file)"
    position, number, fields, froms = 0, 0, 0, 0
    for match in _NEWLINE.finditer(data + b"\n"):
        line, position = data[position:match.start()], match.end()
        number += 1
        if number == 1 and line.startswith(b"From "):
            continue  # the mbox envelope line
        if not line:
            break
        if b"\x00" in line:
            return f"line {number} of its headers holds a NUL byte"
        if line[:1] in (b" ", b"\t"):
            if not fields:
                return "it does not begin with mail headers (its first line is folded)"
            continue
        if not _HEADER_LINE.match(line):
            text = shown(redact_text(line.decode("latin-1")), 60)  # "New password: x" is no header
            if not fields:
                return f"it does not begin with mail headers (line {number}: {text})"
            return f"line {number} of its headers is not a header field: {text}"
        fields += 1
        froms += line[:5].lower() == b"from:"
    if froms > 1:
        return f"it has {froms} From headers: who sent it cannot be told"
    if len(_DASH_LINE.findall(data)) > MAX_DASH_LINES:
        return f"it has more than {MAX_PARTS} parts (order mail has a text and a few attachments)"
    total = 0
    for match in _READ_FIELD.finditer(data):
        size = match.end() - match.start()
        if size > MAX_FIELD_BYTES:
            name = match.group(0).split(b":", 1)[0].strip().decode("ascii", "replace")
            return f"its {name} header is {size:,} bytes long, more than the {MAX_FIELD_BYTES:,} engarde reads"
        total += size
        if total > MAX_FIELDS_BYTES:
            return f"its headers are {total:,} bytes long, more than the {MAX_FIELDS_BYTES:,} engarde reads"
    return None


def _parts_problem(msg: email.message.EmailMessage) -> str | None:
    """Why the parsed mail is not read: too many parts, nested too deep, or a header engarde
    reads too long to parse (see ``READ_FIELDS``).  Walked without recursion."""
    stack, count, total = [(msg, 0)], 0, 0
    while stack:
        part, depth = stack.pop()
        count += 1
        if count > MAX_PARTS:
            return f"it has more than {MAX_PARTS} parts (order mail has a text and a few attachments)"
        if depth > MAX_DEPTH:
            return f"its parts are nested more than {MAX_DEPTH} deep"
        for name, value in part.raw_items():
            if name.lower() not in READ_FIELDS:
                continue
            size = len(value)
            if size > MAX_FIELD_BYTES:
                return (f"its {header_text(name)} header is {size:,} bytes long, more than the {MAX_FIELD_BYTES:,} "
                        "engarde reads")
            total += size
            if total > MAX_FIELDS_BYTES:
                return f"its headers are {total:,} bytes long, more than the {MAX_FIELDS_BYTES:,} engarde reads"
        payload = part.get_payload() if part.is_multipart() else None
        if isinstance(payload, list):
            stack.extend((p, depth + 1) for p in reversed(payload) if isinstance(p, email.message.Message))
    return None


def _part_text(part: email.message.EmailMessage, notes: list[str], data: bytes = b"",
               start: int | None = None) -> tuple[str, list[int] | None]:
    """A leaf part's text: transfer encoding undone, charset decoded, HTML made text; and for
    each of its lines the line of ``data`` (the raw message, in which the part's encoded body
    begins at ``start``) where it begins (engarde.mail_lines), or None if that is not known."""
    payload = _safely(lambda: part.get_payload(decode=True), b"") or b""
    if not isinstance(payload, bytes):
        payload = str(payload).encode("utf-8", "replace")
    lines = _safely(lambda: mail_lines.part_lines(part, data, start), None)
    charset = _safely(part.get_content_charset, None)
    text = decode_text(payload, (charset,), notes).replace("\r\n", "\n")
    if lines is not None and len(lines) != len(split_lines(text)):
        lines = [lines[0]] * len(split_lines(text))  # a charset whose lines are not the bytes' (UTF-16)
    if part.get_content_type() == "text/html":
        text, sources = html_lines(text)
        if lines is not None:
            lines = [lines[min(max(n, 1), len(lines)) - 1] for n in sources]
    elif (_safely(lambda: part.get_param("format"), None) or "").lower() == "flowed":
        delsp = (_safely(lambda: part.get_param("delsp"), None) or "").lower() == "yes"
        text, starts = unflow_lines(text, delsp)
        if lines is not None:
            lines = [lines[i] for i in starts]
    return safe_text(text, notes), lines


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
    return header_text(_safely(part.get_filename, None) or part.get_content_type())


def parse_date(text: str) -> tuple[datetime | None, str | None]:
    """A Date header's moment, or why it gives none (not a date, an offset no place has)."""
    parsed = _safely(lambda: email.utils.parsedate_tz(text), None)
    moment = _safely(lambda: email.utils.parsedate_to_datetime(text), None) if parsed is not None else None
    if parsed is not None and parsed[9] is not None and abs(parsed[9]) > MAX_OFFSET.total_seconds():
        return None, (f"its Date header {shown(text)} is not trusted: its time-zone offset is no place's "
                      "(they run from -1200 to +1400)")
    if moment is None:
        return None, f"its Date header {shown(text)} is not understood"
    return moment, None


class _ParsedOnce(headerregistry.HeaderRegistry):
    """``policy.default``'s headers, each parsed once a message.  The email package parses a
    header again each time it is read, and finding the body reads every part's Content-Type a
    dozen times: that was a quarter of reading a mail.  A parsed header is immutable (a str), so
    the same one is handed out again; one registry a message, so nothing grows across a batch."""

    def __init__(self) -> None:
        super().__init__()
        self._parsed: dict[tuple[str, str], headerregistry.BaseHeader] = {}

    def __call__(self, name: str, value: str) -> headerregistry.BaseHeader:
        key = (name.lower(), value)
        header = self._parsed.get(key)
        if header is None:
            header = self._parsed[key] = super().__call__(name, value)
        return header


def _read_mail(data: bytes, out: Message) -> None:
    out.is_mail = True
    problem = header_problem(data)
    if problem is not None:
        out.errors.append(_bad_mail(out.source, f"this cannot be read as a mail: {problem}"))
        return
    try:
        msg = email.message_from_bytes(data, policy=policy.default.clone(header_factory=_ParsedOnce()))
    except RecursionError:
        out.errors.append(_bad_mail(out.source, "this cannot be read as a mail: its parts are nested too deep"))
        return
    problem = _parts_problem(msg)
    if problem is not None:
        out.errors.append(_bad_mail(out.source, f"this cannot be read as a mail: {problem}"))
        return
    name, address = _safely(lambda: email.utils.parseaddr(str(msg.get("From", ""))), ("", ""))
    out.sender = header_text(address).lower() or None
    out.sender_name = header_text(name) or None
    out.subject = _safely(lambda: " ".join(header_text(msg.get("Subject", "")).split()), "")
    out.message_id = _safely(lambda: header_text(msg.get("Message-ID", "")), "") or None
    # the raw text: policy.default turns an unparsable date into an empty header
    dates = [str(v).strip() for k, v in msg.raw_items() if k.lower() == "date"]
    if len(dates) > 1:
        out.date_problem = f"its {len(dates)} Date headers are not trusted (a mail has one)"
    elif dates and dates[0]:
        out.date, out.date_problem = parse_date(dates[0])

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
        text, lines = _part_text(body, out.notes, data, mail_lines.payload_starts(msg, data).get(id(body)))
        out.body = clean_body(text)
        # the body keeps the text's lines, up to where it is cut (engarde.mail_lines)
        out.lines = lines[: out.body.count("\n")] if lines is not None else None
    family = _alternatives_of(body, msg) if body is not None else set()
    for part in leaves:
        if part is not body and id(part) not in family:
            out.notes.append(f"attachment {_attachment_name(part)} ignored")


def _read_text(data: bytes, out: Message) -> None:
    """A text file the GM typed: no headers, the whole of it the sheet."""
    if not data.strip():
        out.errors.append(_bad_mail(out.source, "the file is empty"))
    elif data[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        # Windows Notepad's "Unicode": full of NUL bytes, yet text
        out.body = clean_body(safe_text(data.decode("utf-16", errors="replace"), out.notes))
        out.notes.append("read as UTF-16 text")
    elif looks_binary(data):
        out.errors.append(_bad_mail(out.source, "this is not a text file (binary data)"))
    else:
        out.body = clean_body(safe_text(decode_text(data, ("utf-8-sig",), out.notes), out.notes))


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
                 arrived: datetime | None = None, *, mail: bool = True, decode: bool = True) -> Message:
    """One piece of order mail (``mail``, as its source says) or a text file the GM typed
    (``mail=False``) as a ``Message``.  Never raises.

    Over ``max_bytes`` it is not read (``too_large``).  A mail that cannot be read as
    mail carries an ``E_BAD_MAIL`` error with the reason, and no body.  ``decode`` False: only
    its bytes are kept (``Message.undecoded``; ``decoded`` reads it later).
    """
    data = bytes(data)
    if max_bytes is not None and len(data) > max_bytes:
        return too_large(source, len(data), max_bytes, arrived)
    out = Message(source=source, raw=data, arrived=arrived, size=len(data), is_mail=mail)
    if not decode:
        out.undecoded = True
        return out
    try:
        if mail:
            _read_mail(data, out)
        else:
            _read_text(data, out)
    except Exception as exc:  # noqa: BLE001 - the email package's odd errors; see _safely
        out.body = ""
        out.errors.append(_bad_mail(source, f"the mail cannot be read ({type(exc).__name__}: "
                                            f"{header_text(exc)[:200]})"))
    return out


def decoded(msg: Message, max_bytes: int | None = None) -> Message:
    """``msg`` read whole, if it was read without decoding (``Message.undecoded``)."""
    if not msg.undecoded:
        return msg
    return read_message(msg.raw, msg.source, max_bytes, msg.arrived, mail=msg.is_mail)


# -- reading files -------------------------------------------------------------------------


def file_kind(path: str | os.PathLike[str]) -> str | None:
    """"mail" or "text" for a file of an orders folder, by its name (``ORDER_FILES``); None: no order file."""
    return ORDER_FILES.get(Path(path).suffix.lower())


def _what(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _inside(target: str, folder: str | os.PathLike[str]) -> bool:
    root = os.path.realpath(folder)
    return os.path.commonpath([target, root]) == root


def not_regular(path: str | os.PathLike[str], within: str | os.PathLike[str] | None = None) -> str | None:
    """Why ``path`` is not opened; None if it is a regular file (through a link, one inside
    ``within`` when given).  Decided from its status, without opening it: opening a FIFO hangs,
    a device may never end."""
    try:
        status = os.lstat(path)
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    if stat.S_ISLNK(status.st_mode):
        target = os.path.realpath(path)
        if within is not None and not _inside(target, within):
            return (f"it is a link to {source_name(target)}, outside the folder: a link is followed only to a "
                    "file inside it")
        try:
            status = os.stat(path)
        except OSError:
            return f"it is a link to {source_name(target)}, which does not exist"
    if not stat.S_ISREG(status.st_mode):
        return f"it is {_what(status.st_mode)}, not a regular file: it was not opened"
    return None


def _mtime(seconds: float) -> datetime | None:
    try:
        return datetime.fromtimestamp(seconds, tz=timezone.utc)
    except (OverflowError, OSError, ValueError):
        return None


def read_file(path: str | os.PathLike[str], max_bytes: int | None = None, *, mail: bool | None = None,
              within: str | os.PathLike[str] | None = None, decode: bool = True) -> Message:
    """One file as a ``Message``: mail or text as ``mail`` says, else as its name says
    (``ORDER_FILES``; a file of another kind is skipped, with a note).

    Only a regular file is opened (``not_regular``; ``within``: the folder a link must
    stay in); anything else, or a file that cannot be read, is skipped with an
    ``E_NOT_READ`` error.  Its modification time is when it arrived (for a mail with no
    Date header).  A file over ``max_bytes`` is not read.
    """
    source = source_name(path)
    if mail is None:
        kind = file_kind(path)
        if kind is None:
            out = Message(source=source, skipped=True)
            out.notes.append("not an order file (mail is .eml or has no extension, a typed sheet is .txt): not read")
            return out
        mail = kind == "mail"
    why = not_regular(path, within)
    if why is not None:
        return _not_read(source, why)
    try:
        # O_NONBLOCK: should it have become a FIFO since it was looked at, opening returns at once
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        return _not_read(source, f"it cannot be read ({exc.strerror or exc})")
    try:
        with os.fdopen(fd, "rb") as handle:
            status = os.fstat(handle.fileno())
            if not stat.S_ISREG(status.st_mode):
                return _not_read(source, f"it is {_what(status.st_mode)}, not a regular file: it was not read")
            arrived = _mtime(status.st_mtime)
            if max_bytes is not None and status.st_size > max_bytes:
                return too_large(source, status.st_size, max_bytes, arrived)
            data = handle.read(max_bytes + 1 if max_bytes is not None else -1)
    except OSError as exc:
        return _not_read(source, f"it cannot be read ({exc.strerror or exc})")
    return read_message(data, source, max_bytes, arrived, mail=mail, decode=decode)


def read_folder(path: str | os.PathLike[str], max_bytes: int | None = None, decode: bool = True) -> list[Message]:
    """Every entry of an orders folder as a ``Message``, in name order: each order file read as
    its name says (``ORDER_FILES``), every other file skipped with a line saying why.

    Hidden files (editor and sync droppings) and sub-folders are passed over in silence
    (a folder named like an order file, ``foo.eml``, is reported).  A missing folder raises
    ``FileNotFoundError`` (the caller's mistake, for the CLI to report); a bad file inside
    it never does.
    """
    folder = Path(path)
    messages = []
    for entry in sorted(os.scandir(folder), key=lambda e: e.name):
        if entry.name.startswith("."):
            continue
        kind = file_kind(entry.name)
        if _safely(lambda e=entry: e.is_dir(follow_symlinks=False), False) and (kind is None or not Path(
                entry.name).suffix):
            continue
        messages.append(read_file(folder / entry.name, max_bytes, within=folder, decode=decode))
    return messages

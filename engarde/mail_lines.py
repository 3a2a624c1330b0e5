"""Where each line of a mail's text is in the file the player sent.

An error names the line of the file the player sent (orders/README.md), not of the text engarde
decoded from it.  For each line of a part's decoded text, ``part_lines`` gives the line of the
raw message where that line begins:

* 7bit, 8bit or binary text: exactly the line it is on.
* quoted-printable: the line where the decoded line begins (a soft line break, "=" at a line's
  end, joins the file's lines into one line of text; "=0A" breaks one into two, both on it).
* base64 (or any other encoding): the text cannot be placed line for line, so every line is
  the first line of the part's encoded body: the best honest answer, and the error still
  quotes the words.

What engarde does to the text afterwards keeps this up to date: an HTML part's lines are the
lines of its source where each line's words begin (``engarde.intake``), format=flowed lines
joined into one are on the first's line, and quoted or cut lines keep their place.
"""

from __future__ import annotations

import email.message
import quopri
from .patterns import lazy

_NEWLINE = lazy(rb"\r\n|\r|\n")
_LINE = lazy(rb"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")  # a line of bytes with its ending
_BLANK_LINE = lazy(rb"(?:\r\n|\r|\n)(?:\r\n|\r|\n)")  # the end of a header block


def line_at(data: bytes, offset: int) -> int:
    """The 1-based line of ``data`` that byte ``offset`` is on (any newline convention)."""
    return len(_NEWLINE.findall(data, 0, offset)) + 1


def count_lines(data: bytes) -> int:
    """How many lines ``data`` is, as ``engarde.grammar.split_lines`` counts them."""
    return len(_NEWLINE.findall(data)) + 1


def payload_starts(msg: email.message.Message, data: bytes) -> dict[int, int]:
    """id(part) -> the offset in ``data`` where each leaf part's encoded body begins.

    The parser keeps a leaf's body as it was in the bytes (engarde.redaction splices on this
    too), so each is found by searching forward, part after part, from the end of the header
    block before it.  A part not found (a message the parser had to mend) is left out.
    """
    starts: dict[int, int] = {}
    head = _BLANK_LINE.search(data)
    pos = head.end() if head else len(data)
    for part in msg.walk():
        if part.is_multipart():
            continue
        payload = _encoded_body(part)
        if payload is None:
            continue
        search = pos
        if part is not msg:  # skip the part's own header block before looking for its body
            block = _BLANK_LINE.search(data, pos)
            search = block.end() if block else pos
        found = data.find(payload, search)
        if found < 0:
            continue
        starts[id(part)] = found
        pos = found + len(payload)
    return starts


def part_lines(part: email.message.Message, data: bytes, start: int | None) -> list[int] | None:
    """For each line of ``part``'s decoded body bytes, the line of ``data`` where it begins;
    ``start`` is where its encoded body begins in ``data`` (``payload_starts``).  None when the
    body is not where it was looked for."""
    if start is None:
        return None
    first = line_at(data, start)
    payload = _encoded_body(part)
    if payload is None:
        return None
    if _cte(part) in _AS_IS:
        return [first + i for i in range(count_lines(payload))]
    decoded = part.get_payload(decode=True)
    if not isinstance(decoded, bytes):
        return None
    if _cte(part) == "quoted-printable":
        lines = _quoted_printable_lines(payload, first)
        if lines is not None and len(lines) == count_lines(decoded):
            return lines
    return [first] * count_lines(decoded)


_AS_IS = ("7bit", "8bit", "binary", "")


def _cte(part: email.message.Message) -> str:
    return str(part.get("Content-Transfer-Encoding", "7bit")).strip().lower()


def _encoded_body(part: email.message.Message) -> bytes | None:
    """A leaf part's body as its bytes were in the message (before its transfer encoding is undone)."""
    if _cte(part) in _AS_IS:
        # the email package gives 8bit text back as its bytes only when asked to decode it
        data = part.get_payload(decode=True)
        return data if isinstance(data, bytes) else None
    raw = part.get_payload()
    if not isinstance(raw, str):
        return None
    try:
        return raw.encode("ascii", "surrogateescape")
    except UnicodeEncodeError:
        return None


def _quoted_printable_lines(payload: bytes, first: int) -> list[int] | None:
    """Each decoded line's first line in the file: the encoded lines are decoded one by one
    (quoted-printable is decoded line by line), a soft break joining one to the next."""
    lines = [first]
    for k, m in enumerate(_LINE.finditer(payload)):
        chunk = quopri.decodestring(m.group(0))
        for nl in _NEWLINE.finditer(chunk):
            # a line break at the chunk's end begins the next decoded line on the next encoded line
            lines.append(first + k + (1 if nl.end() == len(chunk) else 0))
    return lines

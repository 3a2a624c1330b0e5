"""Passwords withheld from whatever engarde stores or echoes of a sheet.

A sheet carries its character's order password (``Password: ...``) and may carry a new one
(``New password: ...``).  Only the hash is kept (``engarde.passwords``): the sheet's text, its
raw mail, its parse, its errors and its confirmation are stored and shown with each password
line's value replaced by ``[withheld]``.  What counts as a password line is generous, since
a line wrongly withheld costs nothing and one missed leaks: any word that is, or is within
two letters of, "password" (or "passwd", "pwd", "pw", "pass" before a colon), then a colon,
"=", " - ", "is", "to" or "as" (or just a space after "new password"), then the value.  The
values read from those lines are then also withheld wherever else they appear (four
characters or more: a shorter one would blot out ordinary words and protects nothing).

Raw mail is redacted part by part: each text part is decoded, its password lines withheld
(HTML as HTML, with tags between the word and the value), and encoded again as it came
(its charset and transfer encoding), spliced back where its bytes were, so the rest of the
message stays byte for byte as received.
"""

from __future__ import annotations

import base64
import email
import email.generator
import email.message
import functools
import html
import io
import quopri
import re
from typing import Any, Iterable

from .near import slips
from .passwords import WITHHELD
from .patterns import lazy

MIN_SCRUB = 4  # shortest value withheld wherever it appears
MAX_SECRETS = 100  # of one sheet (a hostile one may have thousands of password lines; each line is still withheld)
QUOTED = 60  # the longest piece of a line an error quotes (engarde.grammar.quote)

# Every password word starts with a "p" (the exact ones, the short ones, and near_password's
# slips, which keep the first letter), so only runs of letters that begin with one are looked
# at: the other words of a sheet (nine in ten) are skipped by the regular expression itself.
_WORD = lazy(r"(?<![^\W\d_])(?:pass[\s_-]+words?\b|p[^\W\d_]*)", re.IGNORECASE)
_EXACT = frozenset({"password", "passwords", "passwd", "passwort", "pwd", "passcode", "passphrase"})
_SHORT = frozenset({"pw", "pass", "passe"})  # only right before ":" or "=": "pass the salt" is no password
# Between the word and the value: spaces, markdown emphasis, HTML tags and no-break spaces.
# (each alternative starts with its own character: no two ways to read a gap, so no backtracking blow-up)
_GAP = r"(?:\s|\*\*|__|<[^<>\n]*>|&nbsp;|&#160;)*"
# A dash may be a hyphen or an en or em dash (what a mail client makes of " - "): the sheet's
# reader (engarde.frame) takes "Password – x" as a password line, so it is withheld here too.
_SEPARATOR = lazy(
    _GAP + r"(?:change\s*)?(?::|=|[-\u2013\u2014]|&[nm]dash;|&#821[12];|\b(?:is|to|as)\b)" + _GAP, re.IGNORECASE)
_STRONG = lazy(_GAP + r"(?:change\s*)?(?:[:=\u2013\u2014-]|&[nm]dash;|&#821[12];)" + _GAP, re.IGNORECASE)
_TIGHT = lazy(_GAP + r"[:=]" + _GAP)
_BARE = lazy(r"[ \t]+" + _GAP)  # "new password sack"
_NEW = lazy(r"(?:new|change(?:\s+(?:my|his|the))?)\s+$", re.IGNORECASE)
_TEXT_VALUE = lazy(r"\S[^\n]*")
_HTML_VALUE = lazy(r"[^<\s][^<\n]*")


def near_password(word: str) -> bool:
    """"password" and its misspellings: within two edits (a swap counts one) of it.  The sheet's
    reader (engarde.frame) takes a `Password` label by this same rule, so that whatever it reads
    as a password is withheld here."""
    w = word.casefold()
    if w in _EXACT:
        return True
    return 6 <= len(w) <= 10 and w[0] == "p" and slips(w, "password") <= 2


def secret_spans(line: str, markup: bool = False, strict: bool = False) -> list[tuple[int, int]]:
    """Where the password values are on one line (start, end): after each password word and its
    separator.  ``markup``: the line is HTML source (a value ends at the next tag).  ``strict``:
    only after a colon, "=" or "-" (what follows "password is/to/as" is withheld on its line,
    but may be ordinary words: "send the password to Athos")."""
    spans: list[tuple[int, int]] = []
    value = _HTML_VALUE if markup else _TEXT_VALUE
    for m in _WORD.finditer(line):
        word = re.sub(r"[\s_-]", "", m.group(0))
        if word.casefold() in _SHORT:
            separators = (_TIGHT,)
        elif strict:
            separators = (_STRONG,) if near_password(word) else ()
        elif near_password(word):
            before = line[max(0, m.start() - 24): m.start()]
            separators = (_SEPARATOR, _BARE) if _NEW.search(before) else (_SEPARATOR,)
        else:
            continue
        for separator in separators:
            sep = separator.match(line, m.end())
            if sep is None:
                continue
            found = value.match(line, sep.end())
            if found is not None and found.group(0).strip() and found.group(0).strip() != WITHHELD:
                end = found.start() + len(found.group(0).rstrip())
                spans.append((found.start(), end))
                break
        if spans and spans[-1][1] == len(line.rstrip()):
            break  # the rest of the line is withheld already
    return spans


def _withhold_spans(line: str, spans: list[tuple[int, int]]) -> str:
    for start, end in reversed(spans):
        line = line[:start] + WITHHELD + line[end:]
    return line


def secrets_in(text: str, also: Iterable[str | None] = ()) -> list[str]:
    """The password values a text carries (each password line's, after a colon, "=" or "-"), with
    ``also`` (the sheet's password and new password as the parser read them), longest first."""
    first = [v for v in also if v]
    found: set[str] = set()
    for line in re.split(r"\r\n|\r|\n", text):
        for start, end in secret_spans(line, strict=True):
            found.add(line[start:end])
            found.add(line[start:end].strip(" \"'.,;"))
        if len(found) >= MAX_SECRETS:
            break
    rest = sorted((v for v in found - set(first) if v), key=lambda v: (-len(v), v))
    return sorted(set(first), key=lambda v: (-len(v), v)) + rest[: MAX_SECRETS]


# White space inside a password, as an HTML part's source may have it (the text read from it has
# each run made one space) or a mail client may wrap it: any run of it, or of no-break spaces.
_ANY_SPACE = r"(?:\s|&nbsp;|&#160;|\u00a0)+"


@functools.lru_cache(maxsize=256)
def _spaced(secret: str) -> re.Pattern[str] | None:
    """The secret with each run of white space in it matching any run (None: it has none)."""
    words = secret.split()
    if len(words) < 2:
        return None
    return re.compile(_ANY_SPACE.join(map(re.escape, words)))


def scrub(text: str, secrets: Iterable[str]) -> str:
    """``text`` with each secret (of four characters or more) withheld wherever it appears (a
    secret with spaces in it, however the spaces are written: "0AA  A" in an HTML part is the
    "0AA A" its text shows), and a secret cut short by a quotation ("sack-and-sh...") too."""
    for secret in secrets:
        spaced = _spaced(secret) if len(secret) >= MIN_SCRUB else None
        if spaced is not None:
            text = spaced.sub(WITHHELD, text)
        if len(secret) < MIN_SCRUB or secret not in text and secret[:MIN_SCRUB] not in text:
            continue
        text = text.replace(secret, WITHHELD)
        for cut in range(min(len(secret) - 1, QUOTED), MIN_SCRUB - 1, -1):
            text = text.replace(secret[:cut] + "...", WITHHELD + "...")
    return text


def redact_text(text: str, secrets: Iterable[str] = (), markup: bool = False) -> str:
    """``text`` with every password line's value withheld, then every secret; each line stays a
    line (so a line number in an error still points at it) and keeps its line ending."""
    parts = re.split(r"(\r\n|\r|\n)", text)
    for i in range(0, len(parts), 2):
        spans = secret_spans(parts[i], markup)
        if spans:
            parts[i] = _withhold_spans(parts[i], spans)
    out = "".join(parts)
    secrets = list(secrets)
    if markup:
        secrets += [html.escape(s, quote=q) for s in secrets for q in (False, True)]
    return scrub(out, secrets)


def scrub_data(data: Any, secrets: list[str]) -> Any:
    """JSON-like ``data`` (a stored parse, error records) with the secrets withheld in every string."""
    if not secrets:
        return data
    if isinstance(data, str):
        return scrub(data, secrets)
    if isinstance(data, dict):  # a record's source is the GM's file name, not the player's words
        return {k: v if k == "source" else scrub_data(v, secrets) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return type(data)(scrub_data(v, secrets) for v in data)
    return data


# -- raw bytes ----------------------------------------------------------------------------------

_TEXT_CODECS = ("utf-8", "cp1252", "latin-1")


def _decode(data: bytes, charsets: Iterable[str | None]) -> tuple[str, str]:
    """The text and the codec it was read with (the first that fits; latin-1 fits any bytes)."""
    for charset in (*charsets, *_TEXT_CODECS):
        if not charset:
            continue
        try:
            return data.decode(charset), charset
        except (LookupError, UnicodeDecodeError):
            continue
    return data.decode("latin-1"), "latin-1"  # pragma: no cover - latin-1 decodes anything


def _redact_file(data: bytes, secrets: list[str]) -> bytes:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text, codec = data.decode("utf-16", errors="surrogatepass"), "utf-16"
    else:
        text, codec = _decode(data, ())
    redacted = redact_text(text, secrets)
    if redacted == text:
        return data
    return redacted.encode(codec, errors="surrogatepass" if codec == "utf-16" else "strict")


def _encode_body(data: bytes, cte: str) -> bytes:
    if cte == "base64":
        return base64.encodebytes(data)
    if cte == "quoted-printable":
        return quopri.encodestring(data)
    return data


def _redact_part(part: email.message.Message, secrets: list[str]) -> tuple[str, str] | None:
    """(the part's body as it was in the raw mail, as it is to be) if it holds a password; None if not."""
    original = part.get_payload()
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes) or not isinstance(original, str):
        return None
    text, codec = _decode(payload, (part.get_content_charset(),))
    redacted = redact_text(text, secrets, markup=part.get_content_subtype() == "html")
    if redacted == text:
        return None
    cte = str(part.get("Content-Transfer-Encoding", "7bit")).strip().lower()
    body = _encode_body(redacted.encode(codec), cte).decode("ascii", "surrogateescape")
    if cte in ("base64", "quoted-printable"):
        if "\r\n" in original:
            body = body.replace("\n", "\r\n")
        ending = re.search(r"(?:\r?\n)*$", original).group(0)  # as the part ended before its boundary
        body = body.rstrip("\r\n") + ending
    return original, body


def redact_raw(data: bytes, is_mail: bool, secrets: Iterable[str]) -> bytes | None:
    """The raw bytes with every password withheld: a text file as text, mail part by part (and
    its headers).  None when a password could not be taken out of them (the caller keeps none
    of them rather than keep a password)."""
    secrets = list(secrets)
    if not data:
        return data
    if not is_mail:
        out = _redact_file(data, secrets)
        return out if not _leaks(out, secrets, is_mail) else None
    for way in (_spliced, _regenerated):
        try:
            out = way(data, secrets)
        except Exception:  # noqa: BLE001 - the email package's odd errors on hostile mail: try the next way
            out = None
        if out is not None and not _leaks(out, secrets, is_mail):
            return out
    return None


def _head_and_body(data: bytes) -> tuple[bytes, bytes]:
    split = re.search(rb"\r?\n\r?\n", data)
    return (data[: split.end()], data[split.end():]) if split else (data, b"")


def _spliced(data: bytes, secrets: list[str]) -> bytes | None:
    """Each redacted part's body put back where its bytes were: the rest stays as received."""
    head, rest = _head_and_body(data)
    head = redact_text(head.decode("latin-1"), secrets).encode("latin-1")
    for part in email.message_from_bytes(data).walk():
        if part.is_multipart() or part.get_content_maintype() != "text":
            continue
        change = _redact_part(part, secrets)
        if change is None:
            continue
        before, after = (x.encode("ascii", "surrogateescape") for x in change)
        if rest.count(before) != 1:
            return None
        rest = rest.replace(before, after)
    return head + rest


def _regenerated(data: bytes, secrets: list[str]) -> bytes:
    """The message written out again with its redacted parts (when splicing cannot place them)."""
    message = email.message_from_bytes(data)
    for part in message.walk():
        if part.is_multipart() or part.get_content_maintype() != "text":
            continue
        change = _redact_part(part, secrets)
        if change is not None:
            part.set_payload(change[1])
    out = io.BytesIO()
    email.generator.BytesGenerator(out, mangle_from_=False, maxheaderlen=0).flatten(message)
    head, rest = _head_and_body(out.getvalue())
    return redact_text(head.decode("latin-1"), secrets).encode("latin-1") + rest


def _leaks(data: bytes, secrets: list[str], is_mail: bool) -> bool:
    """Whether a secret is still to be read in ``data`` (in its bytes, or any text part decoded),
    or a password line still has its value."""
    lines_of: list[str] = []
    if not is_mail:
        lines_of.append(_redact_file_text(data))
    else:
        head, _ = _head_and_body(data)
        lines_of.append(head.decode("latin-1"))
        for part in email.message_from_bytes(data).walk():
            if not part.is_multipart() and part.get_content_maintype() == "text":
                payload = part.get_payload(decode=True)
                if isinstance(payload, bytes):
                    lines_of.append(_decode(payload, (part.get_content_charset(),))[0])
    everything = lines_of + [data.decode("latin-1"), data.decode("utf-8", errors="replace")]
    if any(len(s) >= MIN_SCRUB and (s in text or (_spaced(s) is not None and _spaced(s).search(text)))
           for s in secrets for text in everything):
        return True
    return any(secret_spans(line, markup=True) for text in lines_of for line in re.split(r"\r\n|\r|\n", text))


def _redact_file_text(data: bytes) -> str:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    return _decode(data, ())[0]


# -- a database made before passwords were withheld -----------------------------------------------


def withhold_stored_sheet(text: str, raw: bytes, parsed: dict[str, Any], errors: list[Any], confirmation: str,
                          is_mail: bool) -> tuple[str, bytes, dict[str, Any], list[Any], str]:
    """A stored sheet's columns (``order_sheet``: text, raw, parsed, errors, confirmation) as this
    engarde would have stored them: every password withheld.  For the upgrade of a database made
    before passwords were withheld; ``is_mail``: its raw bytes are a mail (it has a sender).
    Raw bytes a password cannot be taken out of are not kept (``b""``): the text still is."""
    new_password = parsed.get("new_password") if isinstance(parsed, dict) else None
    secrets = secrets_in(text, (new_password if new_password != WITHHELD else None,))
    redacted = redact_raw(raw, is_mail, secrets)
    if redacted is None:
        redacted = redact_raw(raw, not is_mail, secrets)
    parsed = scrub_data(dict(parsed), secrets)
    if parsed.get("new_password"):
        parsed["new_password"] = WITHHELD
    return (redact_text(text, secrets), redacted if redacted is not None else b"", parsed,
            scrub_data(list(errors), secrets), scrub(redact_text(confirmation, secrets), secrets))

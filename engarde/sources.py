"""Where order mail comes from: a folder, a Maildir, an mbox file or an IMAP mailbox.

Every source gives the same thing: ``Message``s read by ``engarde.intake``,
each with its raw bytes (kept by the store, so a re-ingest or an audit can go
back to what the player sent) and the time the source says it arrived (used
for the deadline when the mail has no Date header).  A message over the
campaign's size limit is not read (for IMAP, not even downloaded); a source
that cannot be read at all raises ``SourceError`` with a reason fit to print.

Nothing here changes the mail: Maildir and mbox files are only read, and the
IMAP folder is opened read-only (messages are fetched with BODY.PEEK, so they
stay unread for the GM's own mail client).  The same message read twice is
recognised by the store (its digest), not by marking it here.
"""

from __future__ import annotations

import mailbox
import os
import socket
import stat
import time
from datetime import datetime, timezone
from pathlib import Path

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError, LoginError

from .config import ImapSettings
from .intake import ORDER_FILES, Message, read_file, read_folder, read_message, source_name, too_large

# IMAP: messages fetched per command, so a full mailbox never sits in memory twice.
IMAP_BATCH = 50


class SourceError(RuntimeError):
    """A mail source that cannot be read, with a printable reason."""


def kind_of(path: Path) -> str:
    """ "maildir", "folder", "file" (one order file, as its name says) or "mbox" for a path on disk.

    A regular file is an order file when its name says so (``.eml``, ``.txt``), else an
    mbox, which must begin with a "From " line: a file that is neither is refused, never
    read as an empty mailbox.
    """
    where = source_name(path)
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise SourceError(f"{where}: no such folder, Maildir or mbox file") from None
    except OSError as exc:
        raise SourceError(f"{where}: cannot be read ({exc.strerror or exc})") from None
    if stat.S_ISDIR(status.st_mode):
        if (path / "cur").is_dir() and (path / "new").is_dir():
            return "maildir"
        return "folder"
    if not stat.S_ISREG(status.st_mode):
        raise SourceError(f"{where}: not a folder, a Maildir, an mbox or an order file, nor any regular file: "
                          "it was not opened")
    if path.suffix.lower() in ORDER_FILES and path.suffix:
        return "file"
    try:
        with open(path, "rb") as handle:
            head = handle.read(5)
    except OSError as exc:
        raise SourceError(f"{where}: cannot be read ({exc.strerror or exc})") from None
    if head and head != b"From ":
        raise SourceError(f"{where}: not an mbox file (an mbox begins with a 'From ' line), nor an order file "
                          f"(.eml, .txt)")
    return "mbox"


def read_path(path: str | os.PathLike[str], max_bytes: int | None = None, decode: bool = True) -> list[Message]:
    """Every message at ``path``: a folder of order files, a Maildir, an mbox file, or one
    order file.  An entry that is not read (a FIFO, a file of another kind) is a skipped
    ``Message`` saying why.  ``decode`` False: each message's bytes only (``intake.decoded``)."""
    path = Path(path)
    kind = kind_of(path)
    if kind == "maildir":
        return read_maildir(path, max_bytes, decode)
    if kind == "mbox":
        return read_mbox(path, max_bytes, decode)
    if kind == "file":
        return [read_file(path, max_bytes, decode=decode)]
    try:
        return read_folder(path, max_bytes, decode)
    except OSError as exc:
        raise SourceError(f"{source_name(path)}: cannot be read ({exc.strerror or exc})") from None


def read_maildir(path: str | os.PathLike[str], max_bytes: int | None = None, decode: bool = True) -> list[Message]:
    """A Maildir's delivered messages (``new/`` and ``cur/``; ``tmp/`` is mail still arriving),
    every one of them mail.

    Each file's modification time is when it was delivered.  Only regular files are
    opened (a link only to a file inside the Maildir).
    """
    root = Path(path)
    messages = []
    for sub in ("new", "cur"):
        try:
            entries = sorted((e for e in os.scandir(root / sub) if not e.name.startswith(".")), key=lambda e: e.name)
        except OSError as exc:
            raise SourceError(f"{source_name(root / sub)}: cannot be read ({exc.strerror or exc})") from None
        messages += [read_file(root / sub / entry.name, max_bytes, mail=True, within=root, decode=decode)
                     for entry in entries]
    return messages


def _from_line_time(from_line: str) -> datetime | None:
    """The delivery time on an mbox "From sender Mon Mar 31 22:30:05 2025" line (taken as UTC)."""
    parts = from_line.split()
    for count in (5, 6):  # asctime, sometimes with a zone at the end
        text = " ".join(parts[-count:][:5]) if len(parts) >= count else ""
        try:
            return datetime(*time.strptime(text, "%a %b %d %H:%M:%S %Y")[:6], tzinfo=timezone.utc)
        except ValueError:
            continue
    return None


def read_mbox(path: str | os.PathLike[str], max_bytes: int | None = None, decode: bool = True) -> list[Message]:
    """Every message of an mbox file, as ``FILE#N`` (N from 1, in file order), every one of them mail."""
    try:
        box = mailbox.mbox(str(path), create=False)
        keys = list(box.keys())
    except (OSError, mailbox.Error) as exc:
        raise SourceError(f"{source_name(path)}: not a readable mbox file ({exc})") from None
    messages = []
    try:
        for n, key in enumerate(keys, start=1):
            source = f"{source_name(path)}#{n}"
            try:
                data = box.get_bytes(key)
            except (OSError, mailbox.Error, ValueError) as exc:  # the file changed under us
                raise SourceError(f"{source}: cannot be read ({exc})") from None
            try:
                # the "From " line alone (get_message would parse the whole message for it)
                from_line = box.get_file(key, from_=True).readline().rstrip(b"\r\n")
                arrived = _from_line_time(from_line[5:].decode("ascii"))
            except Exception:  # noqa: BLE001 - a damaged From line costs only the arrival time
                arrived = None
            messages.append(read_message(data, source, max_bytes, arrived, mail=True, decode=decode))
    finally:
        box.close()
    return messages


def read_imap(settings: ImapSettings, max_bytes: int | None = None, password: str | None = None,
              decode: bool = True) -> list[Message]:
    """Every message in the campaign's IMAP folder, read-only.

    ``password`` defaults to the environment variable named by
    ``settings.password_env``.  Messages over ``max_bytes`` (by RFC822.SIZE)
    are not downloaded.  Connecting and each command time out after
    ``settings.timeout`` seconds.
    """
    if password is None:
        password = os.environ.get(settings.password_env)
        if password is None:
            raise SourceError(f"no IMAP password: set the environment variable {settings.password_env}")
    where = f"imap://{settings.user}@{settings.host}:{settings.port}/{settings.folder}"
    try:
        client = IMAPClient(settings.host, port=settings.port, ssl=settings.ssl, timeout=settings.timeout)
    except (OSError, socket.timeout, IMAPClientError) as exc:
        raise SourceError(f"{where}: cannot connect ({exc})") from None
    try:
        try:
            client.login(settings.user, password)
        except LoginError as exc:
            raise SourceError(f"{where}: login refused ({exc})") from None
        try:
            selected = client.select_folder(settings.folder, readonly=True)
        except IMAPClientError as exc:
            raise SourceError(f"{where}: no such folder ({exc})") from None
        validity = selected.get(b"UIDVALIDITY", b"0")
        uids = sorted(client.search("ALL"))
        messages: list[Message] = []
        for i in range(0, len(uids), IMAP_BATCH):
            batch = uids[i:i + IMAP_BATCH]
            info = client.fetch(batch, ["RFC822.SIZE", "INTERNALDATE"])
            wanted = []
            for uid in batch:
                data = info.get(uid, {})
                size = int(data.get(b"RFC822.SIZE", 0))
                arrived = _utc(data.get(b"INTERNALDATE"))
                source = f"{where};UIDVALIDITY={validity.decode() if isinstance(validity, bytes) else validity};UID={uid}"
                if max_bytes is not None and size > max_bytes:
                    messages.append(too_large(source, size, max_bytes, arrived))
                else:
                    wanted.append((uid, source, arrived))
            if wanted:
                bodies = client.fetch([uid for uid, _, _ in wanted], ["BODY.PEEK[]"])
                for uid, source, arrived in wanted:
                    raw = bodies.get(uid, {}).get(b"BODY[]", b"") or b""
                    messages.append(read_message(raw, source, max_bytes, arrived, mail=True, decode=decode))
        return messages
    except (OSError, socket.timeout) as exc:
        raise SourceError(f"{where}: the connection failed ({exc})") from None
    except IMAPClientError as exc:
        raise SourceError(f"{where}: {exc}") from None
    finally:
        try:
            client.logout()
        except Exception:  # noqa: BLE001 - the mail is read; a failed goodbye changes nothing
            pass


def _utc(moment: object) -> datetime | None:
    """IMAPClient gives INTERNALDATE as a naive local time (or aware, with normalise_times off)."""
    if not isinstance(moment, datetime):
        return None
    try:
        return moment.astimezone(timezone.utc)  # a naive time is the machine's local time
    except (OverflowError, ValueError, OSError):  # a server's date at the calendar's edge: none
        return None

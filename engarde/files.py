"""Every file engarde writes is written whole or not at all.

A file is written to a temporary name in its own folder, flushed to the disk and then renamed
over the old one (``os.replace``, atomic on POSIX): a command killed at any point leaves either
the old file as it was or the new one complete, never an empty or half file.  A temporary file
left by a killed command (it cannot clean up after SIGKILL) is removed by the next write of the
same file.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

from .errors import CampaignError

# ``.<name>.<pid>.<random>.part``: hidden, and it says which process made it.
_PREFIX, _SUFFIX = ".", ".part"


def write_text(path: Path, text: str, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` all-or-nothing."""
    return write_bytes(path, text.encode(encoding))


def write_bytes(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` all-or-nothing."""
    with replacing(path) as out:
        out.write(data)
    return path


@contextmanager
def replacing(path: Path) -> Iterator[BinaryIO]:
    """A binary file to write the new ``path`` into; it replaces ``path`` only when the block
    ends without an error (after a flush and fsync), and is removed if it does not."""
    path = Path(path)
    if path.is_symlink():
        path = path.resolve()  # the file the link names is rewritten; the link stays a link
    _only_a_regular_file(path)
    folder = path.parent
    _remove_leftovers(path)
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f"{_PREFIX}{path.name}.{os.getpid()}.", suffix=_SUFFIX)
    try:
        # mkstemp makes the file private (0600); the new file gets the old one's mode, else the
        # mode a plain open() would give it, so a web server can still read the gazette.
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "wb") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(folder)


def write_many(items: Iterable[tuple[Path, bytes]]) -> list[Path]:
    """Write several files, each whole or not at all, as ``write_bytes`` would one by one, but
    with one sync of the disk for them all (``os.sync``) instead of two for each: a campaign of
    10,000 characters writes 10,000 reports, and their 20,000 fsyncs took minutes.  Every new
    file is written and on the disk before the first is renamed into place; a failure before the
    renames leaves every old file as it was and no temporary file.  Each folder is scanned once
    for the leftovers of killed writes, and synced once after the renames."""
    with Batch() as batch:
        batch.write(items)
        return batch.commit()


class Batch:
    """Files written in steps and put in place together: ``write`` writes each new file beside
    its old one under a temporary name and syncs them to the disk; ``commit`` renames them all
    into place.  Leaving the ``with`` block without ``commit`` (an error, a PDF that failed)
    removes the temporary files and leaves every old file as it was.  (The gazette writes the
    reports while its PDF is still being made, and puts everything in place once it is.)"""

    def __init__(self) -> None:
        self._temps: list[str] = []
        self._targets: list[Path] = []
        self._folders: dict[Path, set[str]] = {}
        self._done = False

    def __enter__(self) -> "Batch":
        return self

    def __exit__(self, *exc: object) -> None:
        if not self._done:
            self.discard()

    def write(self, items: Iterable[tuple[Path, bytes]]) -> None:
        """Each new file written under a temporary name and on the disk (one sync for them all)."""
        items = list(items)
        targets: list[Path] = []
        for path, _data in items:
            path = Path(path)
            if path.is_symlink():
                path = path.resolve()  # the file the link names is rewritten; the link stays a link
            _only_a_regular_file(path)
            targets.append(path)
        new: dict[Path, set[str]] = {}
        for path in targets:
            if path.name not in self._folders.get(path.parent, ()):
                new.setdefault(path.parent, set()).add(path.name)
        for folder, names in new.items():
            _remove_leftovers_of(folder, names)
            self._folders.setdefault(folder, set()).update(names)
        for path, (_path, data) in zip(targets, items):
            fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f"{_PREFIX}{path.name}.{os.getpid()}.",
                                        suffix=_SUFFIX)
            self._temps.append(temp)
            self._targets.append(path)
            os.fchmod(fd, _mode_for(path))
            with os.fdopen(fd, "wb") as out:
                out.write(data)
                out.flush()
                if not _SYNC_ALL:
                    os.fsync(out.fileno())
        if _SYNC_ALL and items:
            os.sync()

    def commit(self) -> list[Path]:
        """Every file written put in place (renamed over its old one), its folder synced; the
        paths, in the order they were written."""
        try:
            for i, (temp, path) in enumerate(zip(self._temps, self._targets)):
                os.replace(temp, path)
                self._temps[i] = ""
        except BaseException:
            self.discard()
            raise
        self._done = True
        for folder in self._folders:
            _sync_folder(folder)
        return list(self._targets)

    def discard(self) -> None:
        """The temporary files not yet put in place removed."""
        self._done = True
        for temp in self._temps:
            if not temp:
                continue
            try:
                os.unlink(temp)
            except FileNotFoundError:
                pass


# One sync of every file system where the platform has it (POSIX); else a file's own fsync.
_SYNC_ALL = hasattr(os, "sync")


def _only_a_regular_file(path: Path) -> None:
    """A rename puts the new file in place of whatever has the name: a device (`engarde backup
    /dev/null` as root), a FIFO or a folder is refused, never replaced."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISREG(mode):
        kind = ("a folder" if stat.S_ISDIR(mode) else "a FIFO" if stat.S_ISFIFO(mode)
                else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a socket")
        raise CampaignError(f"{path}: not a regular file ({kind}): engarde writes a file only where there is none "
                            "or a regular file")


def _mode_for(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_folder(folder: Path) -> None:
    """The rename itself reaches the disk (the folder's entry), not only the file's bytes."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # a folder that cannot be opened for reading still has the file renamed
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot fsync a folder; the rename is done all the same
    finally:
        os.close(fd)


def _remove_leftovers(path: Path) -> None:
    """The temporary files of earlier writes of ``path`` whose process is gone."""
    _remove_leftovers_of(path.parent, {path.name})


def _remove_leftovers_of(folder: Path, names: set[str]) -> None:
    """The temporary files of earlier writes of the files ``names`` in ``folder`` whose process is
    gone (``.<name>.<pid>.<random>.part``; mkstemp's random part has no dot)."""
    try:
        entries = [e.name for e in os.scandir(folder)]
    except OSError:
        return
    for entry in entries:
        if not (entry.startswith(_PREFIX) and entry.endswith(_SUFFIX)):
            continue
        parts = entry[len(_PREFIX):-len(_SUFFIX)].rsplit(".", 2)
        if len(parts) != 3 or parts[0] not in names or not parts[1].isdigit() or _alive(int(parts[1])):
            continue
        try:
            os.unlink(folder / entry)
        except OSError:
            pass  # not ours to remove after all; it does no harm


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


def write_bytes_atomic(path: Path, data: bytes) -> Path:
    """``data`` to ``path`` all-or-nothing, its folder made if need be (engarde.ops.backup's name)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_bytes(path, data)


def write_text_atomic(path: Path, text: str) -> Path:
    return write_bytes_atomic(path, text.encode("utf-8"))


def create_text(path: Path, text: str) -> Path:
    """Write ``text`` to a new file ``path``, whole, and never over a file that is there (even
    one made a moment ago by another process): the temporary file is linked to the name, which
    fails if the name is taken."""
    path = Path(path)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f"{_PREFIX}{path.name}.{os.getpid()}.", suffix=_SUFFIX)
    try:
        os.fchmod(fd, _mode_for(path))
        with os.fdopen(fd, "wb") as out:
            out.write(text.encode("utf-8"))
            out.flush()
            os.fsync(out.fileno())
        try:
            os.link(temp, path)
        except FileExistsError:
            raise CampaignError(f"{path}: already there; engarde does not overwrite it") from None
    finally:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
    _sync_folder(path.parent)
    return path

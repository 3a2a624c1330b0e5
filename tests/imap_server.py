"""A throwaway IMAP server (Debian's Dovecot) for the test that proves IMAP intake.

Where Dovecot is installed (``apt-get install dovecot-imapd``; ``scripts/dev.py
test`` installs it when it can) and the tests run as root, a Dovecot is started
in the foreground on 127.0.0.1 with a configuration, a password file and a
Maildir in a temporary folder, and stopped (by its process id) afterwards.
Elsewhere the test is skipped with the reason.  Every wait is bounded.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Iterator

import pytest

START_TIMEOUT = 15  # seconds for Dovecot to listen


class Unavailable(Exception):
    pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


CONFIG = """\
protocols = imap
listen = 127.0.0.1
base_dir = {dir}/run
state_dir = {dir}/state
log_path = {dir}/log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
login_trusted_networks = 127.0.0.0/8
mail_location = maildir:{dir}/mail/Maildir
default_login_user = dovenull
default_internal_user = dovecot
passdb {{
  driver = passwd-file
  args = {dir}/passwd
}}
userdb {{
  driver = static
  args = uid=nobody gid={group} home={dir}/mail
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service stats {{
  unix_listener stats-reader {{
    mode = 0666
  }}
  unix_listener stats-writer {{
    mode = 0666
  }}
}}
"""


class Dovecot:
    """Dovecot serving one user, ``gm`` / ``secret``, whose INBOX holds ``messages``."""

    user, password = "gm", "secret"

    def __init__(self, messages: list[bytes]) -> None:
        binary = shutil.which("dovecot") or ("/usr/sbin/dovecot" if Path("/usr/sbin/dovecot").exists() else None)
        if binary is None:
            raise Unavailable("Dovecot is not installed (Debian: apt-get install dovecot-imapd)")
        if os.geteuid() != 0:
            raise Unavailable("the IMAP test starts Dovecot, which needs root here")
        for account in ("nobody", "dovenull", "dovecot"):
            try:
                pwd.getpwnam(account)
            except KeyError:
                raise Unavailable(f"Dovecot needs the system user {account!r}") from None
        nobody = pwd.getpwnam("nobody")
        self.dir = Path(tempfile.mkdtemp(prefix="engarde-imap-"))
        self.dir.chmod(0o755)
        maildir = self.dir / "mail" / "Maildir"
        for sub in ("cur", "new", "tmp", "run", "state"):
            (maildir / sub if sub in ("cur", "new", "tmp") else self.dir / sub).mkdir(parents=True, exist_ok=True)
        for i, data in enumerate(messages, start=1):
            (maildir / "new" / f"{1700000000 + i}.M{i}.engarde-test").write_bytes(data)
        for path in [self.dir / "mail", *(self.dir / "mail").rglob("*")]:
            os.chown(path, nobody.pw_uid, nobody.pw_gid)
        (self.dir / "passwd").write_text(f"{self.user}:{{PLAIN}}{self.password}::::::\n")
        self.port = _free_port()
        group = next((g for g in ("nogroup", "nobody") if _group_exists(g)), str(nobody.pw_gid))
        (self.dir / "dovecot.conf").write_text(CONFIG.format(dir=self.dir, port=self.port, group=group))
        self.process = subprocess.Popen([binary, "-F", "-c", str(self.dir / "dovecot.conf")],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = (self.process.stderr.read() if self.process.stderr else b"").decode(errors="replace")
                self._clean()
                raise Unavailable(f"Dovecot did not start: {err.strip()[:300] or self.log()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise Unavailable(f"Dovecot did not listen within {START_TIMEOUT} s")

    def log(self) -> str:
        try:
            return (self.dir / "log").read_text(errors="replace")[-300:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self.process.stderr:
            self.process.stderr.close()
        self._clean()

    def _clean(self) -> None:
        shutil.rmtree(self.dir, ignore_errors=True)


def _group_exists(name: str) -> bool:
    import grp

    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


@contextlib.contextmanager
def serving(messages: list[bytes]) -> Iterator["Dovecot"]:
    """A Dovecot whose INBOX holds ``messages``, stopped after the test; the test is skipped with
    the reason where Dovecot cannot run here."""
    try:
        server = Dovecot(messages)
    except Unavailable as exc:
        pytest.skip(f"no IMAP server for the test: {exc}")
    try:
        yield server
    finally:
        server.stop()

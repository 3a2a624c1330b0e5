"""A throwaway PostgreSQL server for the tests that prove the PostgreSQL path.

``ENGARDE_TEST_POSTGRES`` may name a server to use instead (an SQLAlchemy URL).
Otherwise, where Debian's PostgreSQL is installed, a cluster is made in a
temporary folder and served on a Unix socket only; where it is not, the tests
that need it are skipped with the reason.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path


class Unavailable(Exception):
    pass


def _bin(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if not found:
        raise Unavailable(f"PostgreSQL's {name} is not installed (Debian: apt-get install postgresql)")
    return found


class Server:
    """initdb + pg_ctl in a temporary folder, as the 'postgres' user when run as root."""

    def __init__(self, password: str | None = None, port: int = 54329) -> None:
        """``password``: the server asks for it (scram-sha-256) instead of trusting every login."""
        initdb, self.pg_ctl = _bin("initdb"), _bin("pg_ctl")
        self.user = None
        if os.geteuid() == 0:
            try:
                self.user = pwd.getpwnam("postgres")
            except KeyError:
                raise Unavailable("running as root and there is no 'postgres' user to run the server") from None
        self.dir = Path(tempfile.mkdtemp(prefix="engarde-pg-"))
        if self.user:
            os.chown(self.dir, self.user.pw_uid, self.user.pw_gid)
        self.data, self.socket = self.dir / "data", self.dir
        auth = ["-A", "trust"]
        if password is not None:
            pwfile = self.dir / "pwfile"
            pwfile.write_text(password + "\n")
            if self.user:
                os.chown(pwfile, self.user.pw_uid, self.user.pw_gid)
            auth = ["-A", "scram-sha-256", f"--pwfile={pwfile}"]
        self._run([initdb, "-D", str(self.data), *auth, "-U", "postgres", "--no-sync"])
        self._run([self.pg_ctl, "-D", str(self.data), "-w", "-t", "30", "-l", str(self.dir / "log"),
                   "-o", f"-k {self.socket} -c listen_addresses='' -p {port} -F", "start"])
        env = {**os.environ, "PGPASSWORD": password} if password is not None else None
        self._run([_bin("createdb"), "-h", str(self.socket), "-p", str(port), "-U", "postgres", "engarde"], env)
        login = f"postgres:{password}" if password is not None else "postgres"
        self.url = f"postgresql+psycopg://{login}@/engarde?host={self.socket}&port={port}"

    def _run(self, cmd: list[str], env: dict[str, str] | None = None) -> None:
        def demote() -> None:
            if self.user:
                os.setgid(self.user.pw_gid)
                os.setuid(self.user.pw_uid)

        result = subprocess.run(cmd, capture_output=True, text=True, preexec_fn=demote, timeout=60, env=env)
        if result.returncode != 0:
            raise Unavailable(f"{Path(cmd[0]).name} failed: {result.stderr.strip()[:300]}")

    def stop(self) -> None:
        try:
            self._run([self.pg_ctl, "-D", str(self.data), "-m", "immediate", "stop"])
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

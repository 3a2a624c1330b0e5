"""A certificate for 127.0.0.1 signed by a throwaway CA, made at test time with the `openssl`
command, for the SMTP tests over STARTTLS and SSL (tests/test_mail_tls.py).  Where `openssl` is
not installed the tests are skipped with the reason."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from dataclasses import dataclass
from pathlib import Path


class Unavailable(Exception):
    pass


@dataclass(frozen=True)
class Certificate:
    ca: Path  # the CA's certificate (PEM): what a client must trust
    cert: Path  # the server's certificate for 127.0.0.1 and localhost, signed by the CA
    key: Path

    def server_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(str(self.cert), str(self.key))
        return context


EXTENSIONS = """\
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth
subjectAltName = IP:127.0.0.1, DNS:localhost
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid, issuer
"""


def make(folder: Path) -> Certificate:
    """A CA and a server certificate in ``folder``; Unavailable where `openssl` cannot make them."""
    openssl = shutil.which("openssl") or ("/usr/bin/openssl" if Path("/usr/bin/openssl").exists() else None)
    if openssl is None:
        raise Unavailable("the openssl command is not installed (Debian: apt-get install openssl)")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    (folder / "server.ext").write_text(EXTENSIONS)
    steps = [
        [openssl, "req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
         "-subj", "/CN=engarde test CA", "-addext", "basicConstraints=critical,CA:TRUE",
         "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
        [openssl, "req", *ec, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
        [openssl, "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
         "-out", "server.pem", "-days", "2", "-extfile", "server.ext"],
    ]
    for step in steps:
        try:
            done = subprocess.run(step, cwd=folder, capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise Unavailable(f"openssl could not run: {exc}") from None
        if done.returncode != 0:
            raise Unavailable(f"openssl {step[1]} failed: {done.stderr.strip()[:300]}")
    return Certificate(folder / "ca.pem", folder / "server.pem", folder / "server.key")

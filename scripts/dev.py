#!/usr/bin/env python3
"""Set up engarde on a machine that has only Python, then run the demo or the tests.

    python3 scripts/dev.py demo     # install, then one complete demo turn
    python3 scripts/dev.py test     # install, then the whole test suite

It makes a virtual environment in .venv, installs engarde with its test
extras, and checks that WeasyPrint's native libraries (Pango, and HarfBuzz-Subset for its
fonts) are present, installing them with apt-get when it can.  Re-running skips what is done.
"""

from __future__ import annotations

import ctypes.util
import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
STAMP = VENV / ".engarde-installed"
PANGO_PACKAGES = ["libpango-1.0-0", "libpangoft2-1.0-0", "libharfbuzz0b", "libfontconfig1", "fonts-dejavu-core"]
# The PDF's fonts embedded by HarfBuzz-Subset: without it WeasyPrint warns and falls back to
# fontTools, which takes a third of a second more a gazette (and which it means to drop).
SUBSET_PACKAGE = "libharfbuzz-subset0"


def say(text: str) -> None:
    print(f"[dev] {text}", flush=True)


def run(*args: str | Path, **kwargs) -> None:
    subprocess.run([str(a) for a in args], check=True, **kwargs)


def ensure_venv() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"engarde needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    if not PY.exists():
        say(f"creating {VENV}")
        venv.EnvBuilder(with_pip=True).create(VENV)
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == want:
        return
    say("installing engarde and its dependencies (pip install -e '.[test]')")
    run(PY, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", f"{ROOT}[test]")
    STAMP.write_text(want)


def ensure_pango() -> None:
    """WeasyPrint needs Pango from the system (and embeds fonts best with HarfBuzz-Subset);
    install them where we can."""
    probe = [str(PY), "-c", "import weasyprint"]
    if subprocess.run(probe, capture_output=True).returncode != 0:
        apt_install(PANGO_PACKAGES, "WeasyPrint cannot find Pango")
        if subprocess.run(probe, capture_output=True).returncode != 0:
            sys.exit(
                "WeasyPrint cannot load Pango, which it needs for PDFs. Install your system's Pango "
                f"(Debian/Ubuntu: apt-get install {' '.join(PANGO_PACKAGES)}; macOS: brew install pango), "
                "then run this again."
            )
    if ctypes.util.find_library("harfbuzz-subset") is None:
        apt_install([SUBSET_PACKAGE], "WeasyPrint embeds fonts faster with HarfBuzz-Subset")


def apt_install(packages: list[str], why: str) -> bool:
    apt = shutil.which("apt-get")
    if not (apt and hasattr(os, "geteuid") and os.geteuid() == 0):
        return False
    say(f"{why}; installing {' '.join(packages)} with apt-get")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    ok = subprocess.run([apt, "install", "-y", "-qq", *packages], env=env, capture_output=True).returncode == 0
    if not ok:  # the package lists may be missing or stale on a new machine
        subprocess.run([apt, "update", "-qq"], env=env, capture_output=True)
        ok = subprocess.run([apt, "install", "-y", "-qq", *packages], env=env, capture_output=True).returncode == 0
    return ok


def ensure_postgres_for_tests() -> None:
    """The PostgreSQL test starts its own server; without one it is skipped, with the reason."""
    import glob

    if os.environ.get("ENGARDE_TEST_POSTGRES") or shutil.which("initdb") or glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        return
    if not apt_install(["postgresql"], "the PostgreSQL test needs a server"):
        say("PostgreSQL is not installed and cannot be installed here: its test will be skipped")


def ensure_dovecot_for_tests() -> None:
    """The IMAP test starts its own Dovecot; without one it is skipped, with the reason."""
    _ensure_for_tests("/usr/sbin/dovecot", "dovecot-imapd", "the IMAP test needs a server", 180,
                      "Dovecot is not installed and cannot be installed here: the IMAP test will be skipped")


def ensure_chromium_for_tests() -> None:
    """The web archive's browser test drives the system's Chromium (Playwright, no browser
    download); without one it is skipped, with the reason."""
    _ensure_for_tests("/usr/bin/chromium", "chromium", "the web archive's browser test needs Chromium", 300,
                      "Chromium is not installed and cannot be installed here: the browser test will be skipped")


def _ensure_for_tests(program: str, package: str, why: str, timeout: int, otherwise: str) -> None:
    """Installing is tried once, bounded in time so CI never hangs on it."""
    if shutil.which(Path(program).name) or os.path.exists(program):
        return
    try:
        ok = apt_install_bounded([package], why, timeout=timeout)
    except subprocess.TimeoutExpired:
        ok = False
    if not ok:
        say(otherwise)


def apt_install_bounded(packages: list[str], why: str, timeout: float) -> bool:
    apt = shutil.which("apt-get")
    if not (apt and hasattr(os, "geteuid") and os.geteuid() == 0):
        return False
    say(f"{why}; installing {' '.join(packages)} with apt-get (at most {timeout:.0f} s)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    import time

    end = time.monotonic() + timeout  # one budget for every apt-get call together

    def run_apt(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([apt, *args], env=env, capture_output=True, timeout=max(1.0, end - time.monotonic()))

    if run_apt("install", "-y", "-qq", *packages).returncode == 0:
        return True
    run_apt("update", "-qq")  # the package lists may be missing or stale on a new machine
    return run_apt("install", "-y", "-qq", *packages).returncode == 0


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("demo", "test", "setup"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    ensure_venv()
    ensure_pango()
    if command == "setup":
        return 0
    os.chdir(ROOT)
    if command == "demo":
        return subprocess.run([str(BIN / "engarde"), "demo", *rest]).returncode
    ensure_postgres_for_tests()
    ensure_dovecot_for_tests()
    ensure_chromium_for_tests()
    return subprocess.run([str(PY), "-m", "pytest", "-q", *rest]).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

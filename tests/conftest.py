import os

import pytest

import engarde.passwords
from smtp_server import SmtpServer


@pytest.fixture(scope="session")
def postgres_url():
    """An SQLAlchemy URL of an empty PostgreSQL database, or a skip with the reason."""
    if os.environ.get("ENGARDE_TEST_POSTGRES"):
        yield os.environ["ENGARDE_TEST_POSTGRES"]
        return
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip("psycopg is not installed (pip install -e '.[postgres]')")
    from postgres import Server, Unavailable

    try:
        server = Server()
    except Unavailable as exc:
        pytest.skip(str(exc))
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(autouse=True)
def quick_password_hashes(request, monkeypatch):
    """Order passwords are hashed with scrypt at N = 2**14 (some 50 ms each); the suite creates
    hundreds of characters, so outside tests/test_passwords.py (which holds the real
    parameters to account) the hashes are made with N = 2**8, whatever the campaign's
    ``mail.password_cost``.  It is the same scrypt: each hash says its N, so checking one works
    the same either way."""
    if request.module.__name__ != "test_passwords":
        real = engarde.passwords.hash_password
        monkeypatch.setattr(engarde.passwords, "hash_password", lambda plain, cost=14: real(plain, 8))


@pytest.fixture
def smtp():
    """A real SMTP server (aiosmtpd) on a free loopback port, for the mail-out tests."""
    server = SmtpServer().start()
    yield server
    server.stop()

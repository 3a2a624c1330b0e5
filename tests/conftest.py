import os

import pytest


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

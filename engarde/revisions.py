"""The revisions of engarde's database schema (engarde/migrations), oldest first; the last is
the one this code needs.  Kept here, with no import, so that checking a database costs one
query, not Alembic's import (a third of a second on every command), and so that a reader using
only the standard library (engarde.sqlite_names) can check it too; tests/test_schema.py checks
it against the revisions' files."""

REVISIONS = ("0001", "0002", "0003", "0004", "0005", "0006")
HEAD = REVISIONS[-1]
BASELINE = "0001"

"""Order passwords kept only as hashes, and withheld from everything else stored (issue 10, item 7).

Before this revision a character's password was stored as written, in his row and in its
JSON copies (``start``, ``current``, each turn's snapshot), and in every stored sheet (its
text, raw mail, parse and confirmation).  Each password becomes its scrypt hash
(``engarde.passwords``), the copies lose it, and each stored sheet is withheld as engarde now
stores one (``engarde.redaction``).  An empty password stays empty: the GM gives such a
character one (``engarde character password NAME --generate``; ``engarde status`` names them).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

from engarde import passwords, redaction

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

character = sa.table("character", sa.column("id", sa.Integer), sa.column("password", sa.String),
                     sa.column("start", sa.JSON), sa.column("current", sa.JSON))
turn = sa.table("turn", sa.column("id", sa.Integer), sa.column("snapshot", sa.JSON))
sheet = sa.table("order_sheet", sa.column("id", sa.Integer), sa.column("sender", sa.String),
                 sa.column("text", sa.Text), sa.column("raw", sa.LargeBinary), sa.column("parsed", sa.JSON),
                 sa.column("errors", sa.JSON), sa.column("confirmation", sa.Text))


def _json(value):
    return json.loads(value) if isinstance(value, str) else value


def upgrade() -> None:
    bind = op.get_bind()
    for row in bind.execute(sa.select(character)).all():
        stored = row.password or ""
        bind.execute(sa.update(character).where(character.c.id == row.id).values(
            password=passwords.hash_password(stored) if stored and not passwords.is_hashed(stored) else stored,
            start=passwords.without_password(_json(row.start) or {}),
            current=passwords.without_password(_json(row.current) or {})))
    for row in bind.execute(sa.select(turn)).all():
        snapshot = dict(_json(row.snapshot) or {})
        snapshot["characters"] = [passwords.without_password(c) for c in snapshot.get("characters", [])]
        bind.execute(sa.update(turn).where(turn.c.id == row.id).values(snapshot=snapshot))
    for row in bind.execute(sa.select(sheet)).all():
        text, raw, parsed, errors, confirmation = redaction.withhold_stored_sheet(
            row.text or "", bytes(row.raw or b""), dict(_json(row.parsed) or {}), list(_json(row.errors) or []),
            row.confirmation or "", is_mail=bool(row.sender))
        bind.execute(sa.update(sheet).where(sheet.c.id == row.id).values(
            text=text, raw=raw, parsed=parsed, errors=errors, confirmation=confirmation))


def downgrade() -> None:
    # One way: a hash cannot be turned back into the password it was made from.
    raise RuntimeError("revision 0002 cannot be undone: order passwords are not recoverable from their hashes")

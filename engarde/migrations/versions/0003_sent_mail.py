"""The record of every message engarde mails (issue 13): the table ``sent_mail``.

One row per message, by what it is (``kind``: confirmation, reminder, report, gazette,
welcome; ``key``: which one of its kind), with the one address it went to, its subject and
Message-ID, when it was last tried, how often, and whether it was sent or failed (and the
server's words).  A command run again sends nothing recorded as sent and retries what
failed.  Never a message's body: a welcome may carry a password.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sent_mail",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("key", sa.String(), nullable=False),
        sa.Column("month", sa.String(), nullable=False),
        sa.Column("character_id", sa.Integer(), nullable=True),
        sa.Column("address", sa.String(), nullable=False),
        sa.Column("subject", sa.Text(), nullable=False),
        sa.Column("message_id", sa.String(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("error", sa.Text(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.ForeignKeyConstraint(["character_id"], ["character.id"]),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("campaign_id", "kind", "key", name="uq_sent_mail_kind_key"),
    )
    op.create_index(op.f("ix_sent_mail_campaign_id"), "sent_mail", ["campaign_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_sent_mail_campaign_id"), table_name="sent_mail")
    op.drop_table("sent_mail")

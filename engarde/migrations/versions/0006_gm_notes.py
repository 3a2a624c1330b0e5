"""The GM's notes for a month's gazette (issue 14, Points Arising): the table ``gm_note``.

One row per note: the campaign, the game month whose gazette prints it, its text, when it was
added.  A table rather than the campaign's world: the notes are the GM's words, not the rules'
state (no rule reads them), and an undone month keeps them, as it keeps the order sheets.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gm_note",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("campaign_id", sa.String(), nullable=False),
        sa.Column("month", sa.String(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["campaign_id"], ["campaign.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_gm_note_campaign_month", "gm_note", ["campaign_id", "month"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_gm_note_campaign_month", table_name="gm_note")
    op.drop_table("gm_note")

"""Composite indexes for a large campaign (issue 12): the intake's lookups and a month's rows.

Every lookup the intake makes for each message starts with the campaign: the same bytes
(``digest``), the same Message-ID from the same sender, a man's sheets of a month that still
count (what a later sheet supersedes); the month's ledger, events and dice are read and deleted
by (campaign, month).  Without these a deadline's ingest scans every stored sheet once a
message, and the gazette every month's ledger.  Indexes only: no row changes.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

INDEXES = (
    ("ix_order_sheet_campaign_digest", "order_sheet", ["campaign_id", "digest"]),
    ("ix_order_sheet_campaign_message", "order_sheet", ["campaign_id", "message_id", "sender"]),
    ("ix_order_sheet_campaign_month_character", "order_sheet", ["campaign_id", "month", "character_id", "status"]),
    ("ix_ledger_campaign_month", "ledger", ["campaign_id", "month"]),
    ("ix_event_campaign_month", "event", ["campaign_id", "month"]),
    ("ix_roll_campaign_month", "roll", ["campaign_id", "month"]),
)


def upgrade() -> None:
    for name, table, columns in INDEXES:
        op.create_index(name, table, columns, unique=False)


def downgrade() -> None:
    for name, table, _ in reversed(INDEXES):
        op.drop_index(name, table_name=table)

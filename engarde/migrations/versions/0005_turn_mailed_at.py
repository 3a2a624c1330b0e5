"""A month's publication by mail, recorded (issue 13): ``turn.mailed_at``.

`engarde deadline` judged a month published from the sent-mail record alone: every report and
gazette message of the month sent, and at least one.  A month with no message to send (its
only addresses those of men dead before it) was never published by that rule, and the routine
published it again on every run.  ``engarde mail publish`` now records, on the month's turn,
when its publication went out with nothing failed (its letters may be none).

The upgrade fills it in for the months already mailed by the old rule: those whose report and
gazette messages were all sent, at the last one's time.  The others stay empty, and the next
`engarde deadline` (or `mail publish`) sends what is missing and records them.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("turn", sa.Column("mailed_at", sa.DateTime(timezone=True), nullable=True))
    op.execute(
        "UPDATE turn SET mailed_at = (SELECT MAX(m.sent_at) FROM sent_mail m WHERE m.campaign_id = turn.campaign_id "
        "AND m.month = turn.month AND m.kind IN ('report', 'gazette')) "
        "WHERE EXISTS (SELECT 1 FROM sent_mail m WHERE m.campaign_id = turn.campaign_id AND m.month = turn.month "
        "AND m.kind IN ('report', 'gazette')) "
        "AND NOT EXISTS (SELECT 1 FROM sent_mail m WHERE m.campaign_id = turn.campaign_id AND m.month = turn.month "
        "AND m.kind IN ('report', 'gazette') AND m.status <> 'sent')")


def downgrade() -> None:
    with op.batch_alter_table("turn") as batch:
        batch.drop_column("mailed_at")

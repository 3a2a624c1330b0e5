"""Baseline: the schema as it stood when engarde first kept a schema history (issue 10).

A database made before migrations existed has exactly these tables; ``engarde db upgrade``
marks it as at this revision and carries it on from here.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('campaign',
    sa.Column('id', sa.String(), nullable=False),
    sa.Column('current_month', sa.String(), nullable=False),
    sa.Column('seed', sa.String(), nullable=False),
    sa.Column('world', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_table('cause_ruling',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.String(), nullable=False),
    sa.Column('month', sa.String(), nullable=False),
    sa.Column('first', sa.String(), nullable=False),
    sa.Column('second', sa.String(), nullable=False),
    sa.Column('cause', sa.Boolean(), nullable=False),
    sa.Column('note', sa.Text(), nullable=False),
    sa.Column('ruled_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_cause_ruling_campaign_id'), 'cause_ruling', ['campaign_id'], unique=False)
    op.create_index(op.f('ix_cause_ruling_month'), 'cause_ruling', ['month'], unique=False)
    op.create_table('character',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.String(), nullable=False),
    sa.Column('name', sa.String(), nullable=False),
    sa.Column('player', sa.String(), nullable=False),
    sa.Column('email', sa.String(), nullable=False),
    sa.Column('password', sa.String(), nullable=False),
    sa.Column('social_level', sa.Integer(), nullable=False),
    sa.Column('start', sa.JSON(), nullable=False),
    sa.Column('current', sa.JSON(), nullable=False),
    sa.Column('standing', sa.JSON(), nullable=False),
    sa.Column('birth_story', sa.JSON(), nullable=False),
    sa.Column('birth_rolls', sa.JSON(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_character_campaign_id'), 'character', ['campaign_id'], unique=False)
    op.create_index(op.f('ix_character_name'), 'character', ['name'], unique=False)
    op.create_table('event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.String(), nullable=False),
    sa.Column('month', sa.String(), nullable=False),
    sa.Column('week', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(), nullable=False),
    sa.Column('public', sa.Boolean(), nullable=False),
    sa.Column('characters', sa.JSON(), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_event_campaign_id'), 'event', ['campaign_id'], unique=False)
    op.create_index(op.f('ix_event_month'), 'event', ['month'], unique=False)
    op.create_table('roll',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.String(), nullable=False),
    sa.Column('month', sa.String(), nullable=False),
    sa.Column('sides', sa.Integer(), nullable=False),
    sa.Column('dice_values', sa.JSON(), nullable=False),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_roll_campaign_id'), 'roll', ['campaign_id'], unique=False)
    op.create_index(op.f('ix_roll_month'), 'roll', ['month'], unique=False)
    op.create_table('turn',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.String(), nullable=False),
    sa.Column('month', sa.String(), nullable=False),
    sa.Column('seed', sa.String(), nullable=False),
    sa.Column('snapshot', sa.JSON(), nullable=False),
    sa.Column('errors', sa.JSON(), nullable=False),
    sa.Column('resolved_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_turn_campaign_id'), 'turn', ['campaign_id'], unique=False)
    op.create_index(op.f('ix_turn_month'), 'turn', ['month'], unique=False)
    op.create_table('ledger',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.String(), nullable=False),
    sa.Column('character_id', sa.Integer(), nullable=False),
    sa.Column('month', sa.String(), nullable=False),
    sa.Column('week', sa.Integer(), nullable=False),
    sa.Column('field', sa.String(), nullable=False),
    sa.Column('delta', sa.Integer(), nullable=True),
    sa.Column('value', sa.String(), nullable=True),
    sa.Column('reason', sa.Text(), nullable=False),
    sa.Column('rule', sa.String(), nullable=False),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ),
    sa.ForeignKeyConstraint(['character_id'], ['character.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_ledger_campaign_id'), 'ledger', ['campaign_id'], unique=False)
    op.create_index(op.f('ix_ledger_character_id'), 'ledger', ['character_id'], unique=False)
    op.create_index(op.f('ix_ledger_month'), 'ledger', ['month'], unique=False)
    op.create_table('order_sheet',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('campaign_id', sa.String(), nullable=False),
    sa.Column('month', sa.String(), nullable=False),
    sa.Column('character_id', sa.Integer(), nullable=True),
    sa.Column('source', sa.String(), nullable=False),
    sa.Column('sender', sa.String(), nullable=False),
    sa.Column('digest', sa.String(), nullable=False),
    sa.Column('raw', sa.LargeBinary(), nullable=False),
    sa.Column('text', sa.Text(), nullable=False),
    sa.Column('parsed', sa.JSON(), nullable=False),
    sa.Column('errors', sa.JSON(), nullable=False),
    sa.Column('status', sa.String(), nullable=False),
    sa.Column('reason', sa.String(), nullable=False),
    sa.Column('confirmation', sa.Text(), nullable=False),
    sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('message_id', sa.String(), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('received', sa.DateTime(timezone=True), nullable=True),
    sa.Column('received_by', sa.String(), nullable=False),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['campaign_id'], ['campaign.id'], ),
    sa.ForeignKeyConstraint(['character_id'], ['character.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index(op.f('ix_order_sheet_campaign_id'), 'order_sheet', ['campaign_id'], unique=False)
    op.create_index(op.f('ix_order_sheet_digest'), 'order_sheet', ['digest'], unique=False)
    op.create_index(op.f('ix_order_sheet_month'), 'order_sheet', ['month'], unique=False)


def downgrade() -> None:
    op.drop_index(op.f('ix_order_sheet_month'), table_name='order_sheet')
    op.drop_index(op.f('ix_order_sheet_digest'), table_name='order_sheet')
    op.drop_index(op.f('ix_order_sheet_campaign_id'), table_name='order_sheet')
    op.drop_table('order_sheet')
    op.drop_index(op.f('ix_ledger_month'), table_name='ledger')
    op.drop_index(op.f('ix_ledger_character_id'), table_name='ledger')
    op.drop_index(op.f('ix_ledger_campaign_id'), table_name='ledger')
    op.drop_table('ledger')
    op.drop_index(op.f('ix_turn_month'), table_name='turn')
    op.drop_index(op.f('ix_turn_campaign_id'), table_name='turn')
    op.drop_table('turn')
    op.drop_index(op.f('ix_roll_month'), table_name='roll')
    op.drop_index(op.f('ix_roll_campaign_id'), table_name='roll')
    op.drop_table('roll')
    op.drop_index(op.f('ix_event_month'), table_name='event')
    op.drop_index(op.f('ix_event_campaign_id'), table_name='event')
    op.drop_table('event')
    op.drop_index(op.f('ix_character_name'), table_name='character')
    op.drop_index(op.f('ix_character_campaign_id'), table_name='character')
    op.drop_table('character')
    op.drop_index(op.f('ix_cause_ruling_month'), table_name='cause_ruling')
    op.drop_index(op.f('ix_cause_ruling_campaign_id'), table_name='cause_ruling')
    op.drop_table('cause_ruling')
    op.drop_table('campaign')

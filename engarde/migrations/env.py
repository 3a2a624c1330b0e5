"""Alembic's environment for engarde: it runs on the connection engarde.schema hands it.

There is no alembic.ini: engarde.schema builds the configuration and puts the connection in
``config.attributes["connection"]``, so the revisions run inside engarde's own transaction.
"""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

from engarde import store  # noqa: F401 - the models must be imported for their metadata

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=SQLModel.metadata,
    render_as_batch=True,  # SQLite alters a table by copying it; batch mode does that for us
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()

"""The database's schema history: one Alembic revision per change to engarde.store's tables.

``engarde.schema`` runs them (``engarde db upgrade``); a new revision is written for every
change to a table of engarde/store.py, and tests/test_schema.py checks that the revisions
build exactly the tables the models declare.
"""

"""a. Characters and Character Creation: the Birth Tables."""

from __future__ import annotations

from ...modules import RuleModule
from .tables import CreationTables

MODULE = RuleModule(
    name="creation",
    title="a. Characters and Character Creation: the Birth Tables",
    tables=CreationTables,
    orders=(),
    # imported.py: a running campaign's character takes his regiment, club and debts by their rules
    requires=("regiments", "clubs", "loans"),
)

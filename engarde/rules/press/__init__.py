"""Letters to the gazette."""

from __future__ import annotations

from ...modules import RuleModule
from . import codes

MODULE = RuleModule(
    name="press",
    title="Letters to the gazette",
    codes=codes,
    orders=(),
)

"""Letters to the gazette."""

from __future__ import annotations

from .orders import Letters
from ...modules import RuleModule
from . import codes, grammar

MODULE = RuleModule(
    name="press",
    title="Letters to the gazette",
    codes=codes,
    lines=(grammar.LetterLines,),
    parts=(Letters,),
)

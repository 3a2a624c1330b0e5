"""Letters to the gazette."""

from __future__ import annotations

from .orders import Letters
from ...modules import RuleModule, Section, events_of
from . import codes, commands, gazette, grammar

MODULE = RuleModule(
    name="press",
    title="Letters to the gazette",
    commands=commands.COMMANDS,
    templates=__name__,
    events=events_of(codes),
    sections=(
        Section("press", "press/press.html.j2", gazette.section),
    ),
    codes=codes,
    lines=(grammar.LetterLines,),
    parts=(Letters,),
)

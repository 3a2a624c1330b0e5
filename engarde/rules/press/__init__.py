"""Letters to the gazette."""

from __future__ import annotations

from .orders import Letters
from ...modules import Commands, RuleModule, Section, events_of
from . import codes, gazette, grammar

MODULE = RuleModule(
    name="press",
    title="Letters to the gazette",
    commands=Commands(f"{__name__}.commands:COMMANDS", ("press",)),
    templates=__name__,
    events=events_of(codes),
    sections=(
        Section("press", "press/press.html.j2", gazette.section),
    ),
    codes=codes,
    lines=(grammar.LetterLines,),
    parts=(Letters,),
)

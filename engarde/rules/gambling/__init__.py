"""c. Gambling: bets against the croupier at a club or a bawdyhouse."""

from __future__ import annotations

from ...modules import RuleModule
from . import codes

MODULE = RuleModule(
    name="gambling",
    title="c. Gambling: bets against the croupier at a club or a bawdyhouse",
    codes=codes,
    orders=(),
)

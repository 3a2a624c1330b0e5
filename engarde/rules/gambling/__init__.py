"""c. Gambling: bets against the croupier at a club or a bawdyhouse."""

from __future__ import annotations

from ...modules import RuleModule, events_of
from . import codes
from .tables import GamblingTables

MODULE = RuleModule(
    name="gambling",
    title="c. Gambling: bets against the croupier at a club or a bawdyhouse",
    tables=GamblingTables,
    templates=__name__,
    events=events_of(codes, {"society": (codes.EV_GAMBLING,)}),
    codes=codes,
    orders=(),
)

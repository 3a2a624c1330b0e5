"""Secrets: one shared thing across the gala, social-conflict and gossip house rules.

A secret is about a character, has an area (hearts, diamonds, clubs, spades) and a value; it
exists as copies, each knowing the copy it was made from and who passed it on
(``state.py``).  What may be done with them is ``hands.py``.  This module keeps them in the
campaign's world and shows each man, in his private report, the secrets he holds.  It is
switched on with any house rule that needs it (``requires=("secrets",)``), or by itself.
The GM's command is ``engarde secrets`` (list, add, give: ``commands.py``); ``engarde turn undo``
keeps what he did with it since the month (``undo.py``), and ``engarde sheet`` shows a man's hand
(``sheet.py``).
"""

from __future__ import annotations

from engarde.modules import Commands, RuleModule, Section

from . import undo
from .hands import by_holder
from .sheet import sheet_view
from .state import SecretsState


def held(data) -> dict:
    """The reports' variables: each man's copies at the month's end (``secrets_held``, by name),
    gathered once for every report, and the secrets they are copies of (``secrets_told``)."""
    state = data.facts.world.part("secrets")
    return {"secrets_held": by_holder(state), "secrets_told": state.secrets}


MODULE = RuleModule(
    name="secrets",
    title="Secrets (shared by the gala, social conflict and gossip)",
    house=True,
    state=SecretsState,
    sections=(Section("secrets", "secrets/report.html.j2", held, report=True),),
    templates=__name__,
    sheet_view=sheet_view,
    undo=undo.undo,
    undo_lost=undo.lost,
    commands=Commands(f"{__name__}.commands:COMMANDS", ("secrets",)),
)

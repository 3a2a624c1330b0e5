"""Toasts: a house rule of the tests (docs/architecture.md walks through it).

"A gentleman may spend his week raising toasts to a friend: it costs him 2 crowns
and gains him 1 Status Point.  At the end of the month the man toasted most often
is the toast of Paris and gains 3 Status Points."

Everything it brings is declared here: its order and the verb that reads it (placed
after the core's "rest"), the action that carries the order out, a step at month
end (before the social levels are settled, so the points count this month), its
tables, its state (the toasts each man has raised), its gazette section (after the
society column), its event macros and a GM command.
"""

from __future__ import annotations

from engarde.modules import MONTH_END, Action, RuleModule, Section, Step, events_of, listing

from . import codes, rules
from .command import toasts
from .grammar import TOAST
from .orders import Toast
from .state import ToastsState
from .tables import ToastsTables

MODULE = RuleModule(
    name="toasts",
    title="Toasts (a house rule of the tests)",
    house=True,
    requires=("status",),
    orders=(Toast,),
    verbs=(TOAST,),
    actions={Toast: Action(rules.toast)},
    steps=(Step("toast_of_paris", MONTH_END, rules.toast_of_paris, before="status.settle_social_level"),),
    tables=ToastsTables,
    state=ToastsState,
    codes=codes,
    events=events_of(codes, {"toasts": (codes.EV_TOAST, codes.EV_TOAST_OF_PARIS)}),
    sections=(Section("toasts", "toasts/section.html.j2", listing("toasts", "toasts"), after="society"),),
    templates=__name__,
    commands=(toasts,),
)

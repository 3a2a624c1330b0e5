"""Appointments: military and government posts, their status, favours and terms."""

from __future__ import annotations

from ...modules import Action, Commands, Deferred, RuleModule, Step, LIVING, MONTH_END, MONTH_START, events_of
from .orders import SeekAppointment
from . import codes, grammar, rules
from . import state
from .state import AppointmentsState
from .tables import AppointmentsTables

MODULE = RuleModule(
    name="appointments",
    title="Appointments: military and government posts, their status, favours and terms",
    tables=AppointmentsTables,
    commands=Commands(f"{__name__}.commands:COMMANDS", ("appointment",)),
    pending=Deferred(f"{__name__}.commands:pending"),
    state=AppointmentsState,
    undo=state.undo,
    templates=__name__,
    events=events_of(codes, {"regiments": (codes.EV_APPOINTED, codes.EV_APPOINTMENT_ENDED, codes.EV_BRIGADE_COMMAND)}),
    codes=codes,
    verbs=grammar.VERBS,
    requires=("regiments", "influence", "titles", "military"),
    orders=(SeekAppointment,),
    actions={SeekAppointment: Action(rules.seek)},
    steps=(
        Step("settle_decisions", MONTH_START, rules.settle_decisions),
        Step("season_favours", MONTH_START, rules.season_favours, each=LIVING),
        Step("month_end", MONTH_END, rules.month_end, each=LIVING),
    ),
)

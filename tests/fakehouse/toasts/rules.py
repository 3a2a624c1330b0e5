"""The toasts rules: pure, reading their numbers from the turn's tables."""

from __future__ import annotations

from collections import Counter

from engarde.records import Character
from engarde.turn import Turn

from .codes import EV_TOAST, EV_TOAST_OF_PARIS
from .orders import Toast

RULE = "Toasts (house rule)"


def toast(turn: Turn, ch: Character, order: Toast, week: int) -> None:
    tables = turn.tables.toasts
    if not turn.pay(ch, tables.cost, week, f"a week of toasts to {order.whom}", RULE):
        return
    turn.post(ch, "status_points", tables.status, week, f"raised toasts to {order.whom}", RULE)
    turn.world.toasts_raised[ch.name] = turn.world.toasts_raised.get(ch.name, 0) + 1
    turn.event(EV_TOAST, week, ch.name, public=True, whom=order.whom)


def toast_of_paris(turn: Turn) -> None:
    """The man toasted most this month (ties: none is) gains the table's status points."""
    counts = Counter(ev.data["whom"] for ev in turn.events if ev.code == EV_TOAST)
    ranked = counts.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return
    whom, times = ranked[0]
    ch = turn.characters.get(whom)
    if ch is None or ch.dead:
        return
    turn.post(ch, "status_points", turn.tables.toasts.toast_of_paris_status, 4,
              f"the toast of Paris ({times} weeks of toasts)", RULE)
    turn.event(EV_TOAST_OF_PARIS, 4, whom, public=True, times=times)

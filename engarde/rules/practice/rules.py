"""e. Practice: weeks of practice with a weapon raise Expertise with it.

"For every four weeks of practice (not necessarily consecutive) a player raises
his Expertise characteristic by one."  "Characters may practice with any
weapon, but must note on their calendars which weapon is used for each practice
session. If a character becomes proficient with one weapon, then switches to
another, he returns to his original Expertise for that weapon."  "Characters who
do not belong to a Regiment must pay crowns equal to their Expertise for each
week of practice."

Counters on the character (ledger-governed): ``practice.<weapon>`` counts the
weeks toward the next point, ``expertise.<weapon>`` the points gained with that
weapon beyond the base Expertise (``Character.expertise_with``).
"""

from __future__ import annotations

from ...codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from .codes import EV_EXPERTISE_GAINED, EV_PRACTICE
from .orders import Practise
from ...records import Character
from ...turn import Turn

RULE_PRACTICE = "e. Practice"


def practise(turn: Turn, ch: Character, order: Practise, week: int) -> bool:
    """A week of practice with ``order.weapon``; True if he practised."""
    weapon = " ".join(order.weapon.lower().split())
    if weapon not in turn.tables.duel.weapons:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False,
                   order=order.describe(), reason=f"no weapon called {order.weapon!r}")
        return False
    expertise = ch.expertise_with(weapon)
    # "Characters in a Regiment may practice free with that Regiment's weapon, but
    # must pay for practice with any other weapon" (Regimental Table C weapons).
    regiment = turn.tables.regiments.regiment(ch.regiment) if ch.regiment else None
    cost = 0 if regiment is not None and regiment.weapon == weapon else expertise
    if not turn.pay(ch, cost, week, f"a week's practice with the {weapon} (Expertise {expertise})", RULE_PRACTICE):
        # He cannot pay: no practice that week.
        turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False,
                   what=f"practice with the {weapon}", cost=cost, had=ch.crowns)
        return False
    weeks_field = f"practice.{weapon}"
    turn.post(ch, weeks_field, 1, week, f"a week's practice with the {weapon}", RULE_PRACTICE)
    turn.event(EV_PRACTICE, week, ch.name, public=False, weapon=weapon, cost=cost)
    weeks = turn.tables.practice.weeks_per_point
    if ch.get(weeks_field) >= weeks:
        text = f"{weeks} weeks' practice with the {weapon} make a point of Expertise"
        turn.post(ch, weeks_field, -weeks, week, text, RULE_PRACTICE)
        turn.post(ch, f"expertise.{weapon}", 1, week, text, RULE_PRACTICE)
        turn.event(EV_EXPERTISE_GAINED, week, ch.name, public=False,
                   weapon=weapon, expertise=ch.expertise_with(weapon))
    return True

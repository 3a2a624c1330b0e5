"""Titles granted by the King (en-garde-tables.md, "Titles").

"a character qualifies by two mentions in despatches, becoming a Minister, a
battle result of 1 while commanding a unit, or a result 3 or more better than his
immediate superior. The King grants on a 6 on one die (influence applies; +1 for
every 3 SL above the title's minimum; each qualification after the first lowers
the roll needed by 1). An untitled character becomes a Knight; a titled one moves
to the next title. A character below the new SL jumps straight to it (the one
exception to one level a month); one below the minimum SL gets no title."

b. Status: "A character's Social Level may not be changed more than one level per
month except as a result of receiving a title".  The jump is made at month end
before ``status.settle_social_level``, which then reckons the month from the new
level (the title's "SP that month" is what maintains it).

Counters: ``title.qualifications`` (since his last title), ``title.mentions``
(mentions in despatches toward the next qualification), ``title.granted`` (1: his
title came from the King in play, so its pension is paid; choice: a title
inherited at birth draws none).
"""

from __future__ import annotations

from ...calendar import MONTH_END
from .codes import EV_PENSION, EV_TITLE_GRANTED, EV_TITLE_NOT_GRANTED, EV_TITLE_QUALIFIED
from ...records import Character
from .tables import Title
from ...turn import Turn
from ..influence import rules as influence
from ..status import rules as status

RULE_TITLES = "Titles (en-garde-tables.md)"
QUALIFICATIONS = "title.qualifications"
MENTIONS = "title.mentions"
GRANTED = "title.granted"
FACT_QUALIFIED = "title_qualified_this_month"


def qualify(turn: Turn, ch: Character, week: int, why: str) -> None:
    """One qualification toward a title (the military and appointments rules call this)."""
    turn.post(ch, QUALIFICATIONS, 1, week, f"qualifies for a title: {why}", RULE_TITLES)
    turn.fact(ch.name)[FACT_QUALIFIED] = True
    turn.event(EV_TITLE_QUALIFIED, week, ch.name, public=False, why=why, qualifications=ch.get(QUALIFICATIONS))


def mention_in_despatches(turn: Turn, ch: Character, week: int) -> None:
    """Every second mention in despatches is a qualification."""
    per = turn.tables.titles.mentions_per_qualification
    turn.post(ch, MENTIONS, 1, week, "mentioned in despatches", RULE_TITLES)
    if ch.get(MENTIONS) >= per:
        turn.post(ch, MENTIONS, -per, week, f"{per} mentions in despatches", RULE_TITLES)
        qualify(turn, ch, week, f"{per} mentions in despatches")


def consider(turn: Turn, ch: Character) -> bool:
    """Month end, before the Social Level is settled: the King considers a character
    who qualified this month.  True if he granted a title."""
    if not turn.fact(ch.name).get(FACT_QUALIFIED) or ch.get(QUALIFICATIONS) <= 0:
        return False
    tables = turn.tables.titles
    title = tables.next_title(ch.title)
    if title is None:
        turn.event(EV_TITLE_NOT_GRANTED, MONTH_END, ch.name, public=False, reason="no higher title to give")
        return False
    if ch.social_level < title.min_social_level:
        turn.event(EV_TITLE_NOT_GRANTED, MONTH_END, ch.name, public=False, title=title.name,
                   reason=f"a {title.name} needs Social Level {title.min_social_level}")
        return False
    adjustments = []
    above = (ch.social_level - title.min_social_level) // tables.title_sl_per_bonus
    if above and tables.title_sl_bonus:
        adjustments.append((f"SL {ch.social_level}: +{tables.title_sl_bonus} for every {tables.title_sl_per_bonus} "
                            f"above {title.min_social_level}", -above * tables.title_sl_bonus))
    extra = ch.get(QUALIFICATIONS) - 1
    if extra and tables.title_qualification_bonus:
        adjustments.append((f"{ch.get(QUALIFICATIONS)} qualifications", -extra * tables.title_qualification_bonus))
    decision = influence.decide(turn, ch.name, f"the title of {title.name}", tables.title_granted_by,
                                tables.title_granted_on, MONTH_END, adjustments,
                                words=("title", tables.title_granted_by.lower(), title.name))
    if not decision.success:
        turn.event(EV_TITLE_NOT_GRANTED, MONTH_END, ch.name, public=False, title=title.name,
                   reason="the King did not grant it", **decision.to_data())
        return False
    grant(turn, ch, title, decision.to_data())
    return True


def grant(turn: Turn, ch: Character, title: Title, data: dict | None = None) -> None:
    """He receives ``title``: the status of the month, and the new Social Level if below it."""
    old_sl = ch.social_level
    turn.assign(ch, "title", title.name, MONTH_END, f"created {title.name} by the King", RULE_TITLES)
    turn.post(ch, QUALIFICATIONS, -ch.get(QUALIFICATIONS), MONTH_END, f"created {title.name}", RULE_TITLES)
    if not ch.get(GRANTED):
        turn.post(ch, GRANTED, 1, MONTH_END, f"created {title.name} by the King (pension)", RULE_TITLES)
    turn.post(ch, "status_points", title.status_that_month, MONTH_END, f"created {title.name}", RULE_TITLES)
    if ch.social_level < title.new_social_level:
        turn.post(ch, "social_level", title.new_social_level - ch.social_level, MONTH_END,
                  f"created {title.name}: straight to Social Level {title.new_social_level} "
                  f"(the one exception to one level a month)", RULE_TITLES)
        # The month is settled from the new level (b. Status, the title exception).
        turn.fact(ch.name)[status.FACT_SL_AT_START] = ch.social_level
    turn.event(EV_TITLE_GRANTED, MONTH_END, ch.name, public=True, title=title.name,
               **{"from": old_sl, "to": ch.social_level}, **(data or {}))


def pension(turn: Turn, ch: Character) -> int:
    """The monthly pension of a title the King granted."""
    title = turn.tables.titles.title(ch.title)
    if title is None or not title.pension or not ch.get(GRANTED):
        return 0
    turn.post(ch, "crowns", title.pension, MONTH_END, f"pension of a {title.name}", RULE_TITLES)
    turn.event(EV_PENSION, MONTH_END, ch.name, public=False, title=title.name, amount=title.pension)
    return title.pension


# -- its steps in the month (their order: engarde.rules.MONTH) -------------------------------


def consider_step(turn: Turn, ch: Character) -> None:
    if not ch.dead:  # killed in this month's battle
        consider(turn, ch)

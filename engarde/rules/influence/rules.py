"""f. Influence: favours, how long they keep, and pushing a non-player's decision.

"Influence is measured in favours. There are nine classes of favours, rated, in
ascending order of effectiveness, from 1 to 9. Favours are used to modify the die
rolls that represent the decisions of non-player characters. ... Once used to
influence a decision, a favour is expended."

"Influence Table B lists the class of favour needed to obtain a die roll
modification of one on the decisions of a non-player character of specified rank
or position. A favour of a higher class than that listed will have a greater
effect: one additional die roll modification for each level the favour is above
the minimum necessary."  "two favours may be combined to produce one favour of the
next highest level ... More than one favour may be brought to bear to influence a
given decision. The die roll modification may be either additive or subtractive,
depending on the player's wishes, and more than one player may influence the same
decision."

"Favours for Social Level and appointment are received once each season."
"Players may save favours received from non-player characters indefinitely, and
those received from mistresses for the duration of the affair. All others may not
be saved beyond the season in which they are received."

Favours are counters on the sheet (ledger-governed), one per favour held:

- ``favour.season.class<N>``: for Social Level (Influence Table A) and for an
  appointment; granted at the start of the first month of each season (March,
  June, September, December) and dropped at the end of its last month.
- ``favour.npc.class<N>``: from non-player characters; kept indefinitely.
- ``mistress_favour.<year>.class<N>``: from a mistress (``engarde.rules.mistresses``
  grants them and drops them when the affair ends); spent here.

A decision (``decide``) is a roll of one die needing a number; every
``UseInfluence`` order of the month (gathered at month start by
``gather_pledges``) that names the decision's subject, and the decision or none,
is brought to bear on the first such decision of the month, whatever the week.
The book gives using influence no time cost: a ``UseInfluence`` on a line of its own
(``InfluenceOrders``) takes no week; one on a week line is that week's action (the
campaign setting ``influence_takes = "week"`` allows only that).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...text import in_words
from ...calendar import MONTH_END, MONTH_START
from .codes import (
    EV_FAVOUR_RECEIVED,
    EV_FAVOURS_COMBINED,
    EV_FAVOURS_EXPIRED,
    EV_INFLUENCE_PLEDGED,
    EV_INFLUENCE_UNUSED,
    EV_INFLUENCE_USED,
)
from ...orders import OrderSheet
from .orders import InfluenceOrders, UseInfluence
from ...records import Character
from .tables import InfluenceTables
from ...text import normalise_name
from ...turn import Turn
from ...patterns import lazy

RULE_INFLUENCE = "f. Influence"
RULE_TABLE_A = "f. Influence Table A"
RULE_TABLE_B = "f. Influence Table B"

SEASON = "season"
NPC = "npc"
MISTRESS_PREFIX = "mistress_favour."  # engarde.rules.mistresses.FAVOUR_PREFIX
# Which favours are spent first: the shortest-lived.
KEEP_ORDER = (SEASON, "mistress", NPC)
SEASON_FIRST_MONTHS = (3, 6, 9, 12)
SEASON_LAST_MONTHS = (2, 5, 8, 11)

FACT_KEY = "#influence"  # Turn.facts entry for the month's pledges (not a character)


def favour_field(source: str, klass: int) -> str:
    return f"favour.{source}.class{klass}"


_CLASS_IN_KEY = lazy(r"\.class(\d)$")


def holdings(ch: Character) -> dict[int, list[str]]:
    """Each class he holds -> the counters holding it, one entry per favour, shortest-lived first."""
    found: dict[int, list[tuple[int, str]]] = {}
    for key, count in sorted(ch.counters.items()):
        m = _CLASS_IN_KEY.search(key)
        if not m or count <= 0:
            continue
        if key.startswith("favour."):
            source = key.split(".")[1]
        elif key.startswith(MISTRESS_PREFIX):
            source = "mistress"
        else:
            continue
        order = KEEP_ORDER.index(source) if source in KEEP_ORDER else len(KEEP_ORDER)
        found.setdefault(int(m.group(1)), []).extend([(order, key)] * count)
    return {k: [key for _, key in sorted(v)] for k, v in sorted(found.items())}


def favours_held(ch: Character) -> dict[int, int]:
    """How many favours of each class he holds."""
    return {k: len(v) for k, v in holdings(ch).items()}


def _plan(inv: dict[int, list[str]], klass: int, combined: int) -> list[str] | None:
    """The favours to spend to bring one of ``klass``: one of it, else ``combined`` (two)
    of the class below (each of which may itself be made of two), recursively."""
    if inv.get(klass):
        return [inv[klass].pop(0)]
    if klass <= 1:
        return None
    plan: list[str] = []
    for _ in range(combined):
        part = _plan(inv, klass - 1, combined)
        if part is None:
            return None
        plan += part
    return plan


def spend_favour(turn: Turn, ch: Character, klass: int, week: int, purpose: str) -> bool:
    """Expend one favour of ``klass``, combining lower ones if he must; True if he could."""
    combined = turn.tables.influence.favours_combined
    inv = holdings(ch)
    plan = _plan(inv, klass, combined)
    if plan is None:
        return False
    if len(plan) > 1:
        turn.event(EV_FAVOURS_COMBINED, week, ch.name, public=False, klass=klass, used=len(plan))
    for key in plan:
        if len(plan) > 1:
            reason = (f"combined ({len(plan)} favours) into a class {klass} favour, used {purpose}: "
                      f"{in_words(combined)} favours make one of the next class")
        else:
            reason = f"a class {klass} favour used {purpose}"
        turn.post(ch, key, -1, week, reason, RULE_INFLUENCE)
    return True


def grant(turn: Turn, ch: Character, klass: int, source: str, week: int, reason: str, rule: str = RULE_INFLUENCE) -> None:
    """Give him one favour of ``klass`` from ``source`` (SEASON or NPC)."""
    if not turn.tables.influence.is_favour_class(klass):
        return
    turn.post(ch, favour_field(source, klass), 1, week, reason, rule)
    turn.event(EV_FAVOUR_RECEIVED, week, ch.name, public=False, klass=klass, source=source, reason=reason)


# -- the seasons -----------------------------------------------------------------


def season_favours(turn: Turn, ch: Character, appointment_favour: int = 0, post: str | None = None) -> list[int]:
    """At the start of a season's first month: a favour for his Social Level
    (Influence Table A) and one for his appointment, if it gives one."""
    if turn.month.month not in SEASON_FIRST_MONTHS:
        return []
    given = []
    klass = turn.tables.influence.influence_of_social_level(ch.social_level)
    if klass:
        grant(turn, ch, klass, SEASON, MONTH_START,
              f"the {turn.month.season} favour of Social Level {ch.social_level} (class {klass})", RULE_TABLE_A)
        given.append(klass)
    if appointment_favour and post:
        grant(turn, ch, appointment_favour, SEASON, MONTH_START,
              f"the {turn.month.season} favour of the post of {post} (class {appointment_favour})",
              "f. Influence (Appointments Tables)")
        given.append(appointment_favour)
    return given


def expire_season_favours(turn: Turn, ch: Character) -> int:
    """At the end of a season's last month: favours for SL and appointment lapse."""
    if turn.month.month not in SEASON_LAST_MONTHS:
        return 0
    lost = 0
    for key in sorted(ch.counters):
        if key.startswith(f"favour.{SEASON}.") and ch.counters[key] > 0:
            lost += ch.counters[key]
            turn.post(ch, key, -ch.counters[key], MONTH_END,
                      f"favours for Social Level and appointment may not be saved beyond the {turn.month.season}",
                      RULE_INFLUENCE)
    if lost:
        turn.event(EV_FAVOURS_EXPIRED, MONTH_END, ch.name, public=False, count=lost)
    return lost


# -- pushing a decision ------------------------------------------------------------


def modification(tables: InfluenceTables, klass: int, position: str) -> int:
    """Influence Table B: the die roll modification a class ``klass`` favour makes on
    the decision of ``position``: one at the class needed, one more per class above,
    none below it."""
    needed = tables.influence_needed(position)
    return 0 if klass < needed else 1 + klass - needed


@dataclass
class Pledge:
    """A ``UseInfluence`` order: who, which week, and whether it has been used."""

    by: str
    week: int
    order: UseInfluence
    used: bool = False


@dataclass
class Push:
    by: str
    klass: int
    amount: int  # the modification to the number needed: negative helps, positive hinders


@dataclass
class Decision:
    """One non-player decision on one die, with everything that moved it."""

    subject: str
    what: str
    position: str
    base: int
    adjustments: list[tuple[str, int]] = field(default_factory=list)
    pushes: list[Push] = field(default_factory=list)
    roll: int | None = None  # None: the outcome was certain and no die was rolled

    @property
    def needed(self) -> int:
        return self.base + sum(d for _, d in self.adjustments) + sum(p.amount for p in self.pushes)

    @property
    def success(self) -> bool:
        if self.needed <= 1:
            return True
        if self.needed > 6:
            return False
        return self.roll is not None and self.roll >= self.needed

    def to_data(self) -> dict:
        return {
            "needed": self.needed,
            "base": self.base,
            "roll": self.roll,
            "influence": sum(p.amount for p in self.pushes),
            "adjustments": [[r, d] for r, d in self.adjustments],
        }


def gather_pledges(turn: Turn, sheets: dict[str, OrderSheet]) -> list[Pledge]:
    """Month start: every UseInfluence order of the month: those for the month (lines of their
    own, which take no week: week 0 here), then those of the weeks, by week then name."""
    pledges = [Pledge(name, 0, order) for name in sorted(sheets)
               for order in sheets[name].monthly.of(InfluenceOrders).pledges]
    for week in range(1, 5):
        for name in sorted(sheets):
            order = sheets[name].weeks.get(week)
            if isinstance(order, UseInfluence):
                pledges.append(Pledge(name, week, order))
    turn.facts[FACT_KEY] = {"pledges": pledges}
    return pledges


def _pledges(turn: Turn) -> list[Pledge]:
    return turn.facts.get(FACT_KEY, {}).get("pledges", [])


def pledge_week(turn: Turn, ch: Character, order: UseInfluence, week: int) -> None:
    """The week's action of one who uses influence: he spends it lobbying."""
    turn.event(EV_INFLUENCE_PLEDGED, week, ch.name, public=False, order=order.describe())


def favour_class(text: str, ch: Character) -> int | None:
    """The class a player names ("class 3", "3", "a 5"); none named: his highest."""
    m = re.search(r"\d+", text or "")
    if m:
        return int(m.group())
    held = favours_held(ch)
    return max(held) if held else None


def _matches(pledge: Pledge, subject: str, words: tuple[str, ...]) -> bool:
    o = pledge.order
    if normalise_name(o.for_whom or "") != normalise_name(subject):
        return False
    decision = normalise_name(o.decision or "")
    if not decision:
        return True
    return any(w and (normalise_name(w) in decision or decision in normalise_name(w)) for w in words)


def decide(turn: Turn, subject: str, what: str, position: str, base: int, week: int,
           adjustments: list[tuple[str, int]] | None = None, words: tuple[str, ...] = (),
           characters: dict[str, Character] | None = None) -> Decision:
    """A non-player of ``position`` decides on one die whether ``subject`` gets
    ``what``: ``base`` or more is needed, changed by ``adjustments`` and by every
    pledge of influence that names ``subject`` and this decision (``words``) or none.

    The number needed is reckoned as the rules' Athos example does: favourable
    modifications lower it, unfavourable ones raise it.  A number of 1 or less
    succeeds and one above 6 fails without a roll.
    """
    tables = turn.tables.influence
    chars = characters if characters is not None else turn.characters
    dec = Decision(subject, what, position, base, list(adjustments or []))
    for pledge in _pledges(turn):
        if pledge.used or not _matches(pledge, subject, (what, *words)):
            continue
        user = chars.get(pledge.by)
        if user is None:
            continue
        klass = favour_class(pledge.order.favour, user)
        way = "against" if pledge.order.against else "for"
        if klass is None or not tables.is_favour_class(klass):
            pledge.used = True
            turn.event(EV_INFLUENCE_UNUSED, week, user.name, public=False, order=pledge.order.describe(),
                       reason="he holds no favour")
            continue
        amount = modification(tables, klass, position)
        if amount == 0:
            pledge.used = True
            turn.event(EV_INFLUENCE_UNUSED, week, user.name, public=False, order=pledge.order.describe(),
                       reason=f"a class {klass} favour cannot move a {position} (class "
                              f"{tables.influence_needed(position)} is needed); it is kept")
            continue
        if not spend_favour(turn, user, klass, week, f"{way} {subject} on {what} ({position})"):
            pledge.used = True
            turn.event(EV_INFLUENCE_UNUSED, week, user.name, public=False, order=pledge.order.describe(),
                       reason=f"he holds no class {klass} favour, nor two of the class below")
            continue
        pledge.used = True
        signed = amount if pledge.order.against else -amount
        dec.pushes.append(Push(user.name, klass, signed))
        turn.event(EV_INFLUENCE_USED, week, tuple(dict.fromkeys((user.name, subject))), public=False,
                   by=user.name, subject=subject, what=what, position=position, klass=klass,
                   against=pledge.order.against, amount=amount)
    needed = dec.needed
    if 2 <= needed <= 6:
        dec.roll = turn.dice.d6(f"{position} decides {what} for {subject}: {needed}+ needed")
    return dec


def unused_pledges(turn: Turn) -> None:
    """Month end: a pledge no decision called on keeps its favour; he is told."""
    for pledge in _pledges(turn):
        if not pledge.used:
            pledge.used = True
            turn.event(EV_INFLUENCE_UNUSED, MONTH_END, pledge.by, public=False, order=pledge.order.describe(),
                       reason="no such decision was made this month; the favour is kept")


# -- its steps in the month (their order: engarde.rules.MONTH) -------------------------------


def pledges_step(turn: Turn) -> None:
    gather_pledges(turn, turn.sheets)

"""d. Mistresses: rolling them, courting, rival suitors, keeping one, her favours.

"Each mistress has a set Social Level, and the possibility of three special
attributes: exceptional Beauty, Influence and Wealth. Roll three dice to find
each mistress's Social Level, then roll one die for each attribute for each
mistress. On a roll of one or two, that mistress has that attribute."

Courting: "this costs money: three times the mistress's Social Level per week.
... Subtract the mistress's Social Level from the character's Social Level and
refer to the Mistress Courting Table ... For each additional amount equal to
three times the fair damsel's Social Level the character pays, he may add one
to his die roll. ... on a roll of 1, regardless of modifiers, the mistress
rejects the character. Characters courting a wealthy mistress may not modify
the die roll in this manner.  Courting takes one week of time".

Rivals: "If two characters discover each other at the doorstep of the same
young lady in the same week ... Either character may withdraw in favour of the
other. If a character withdraws in favour of a character of a lower Social
Level than himself, he loses Status Points equal to the difference ... If
neither character withdraws, a duel is required ... Both players have spent the
money before courting, regardless of what happens."

Another's mistress: "an automatic die roll modifier of -1. Courting another
player's mistress is obviously cause for a duel if discovered. A character is
caught if he attempts to court another player's mistress while the other player
is with her, or if he courts, fails to win her and commits an indiscretion".
"A player who has a mistress may court another, however. If successful, he must
give up the first mistress. If unsuccessful, he must roll one die ... On a roll
of 6, he has committed an indiscretion and his present mistress throws him out".

Keeping her: "he must pay crowns equal to three times her Social Level once per
month for her support. If a player has a wealthy mistress, he need not pay her
support; indeed, she will pay him crowns equal to twice the difference in their
Social Levels ... if hers is higher.  A character receives one Status Point per
month for having a mistress ... additional Status Points equal to the difference
... [if she is higher]. Beautiful mistresses give an additional Status Point".
"A character need only visit his mistress once per month to satisfy his need for
female companionship. Visiting a mistress counts as an activity unless the visit
is combined with a visit to a club. Mistresses accompanying their lovers to a
club count in lieu of the monthly visit. Naturally, the character is expected to
purchase her liquid refreshment."  Favours: Influence Table C, once a year.

The world (``World.mistresses``) says who keeps her; his sheet's ``mistress``
text field holds her name, moved by ledger with the other side.  Courting pays
at the door during the week (``court``); the attempt is settled after every
character's action of the week (``after_week``), when all suitors at her door and
her lover's whereabouts are known.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ...calendar import MONTH_END, GameMonth
from ...codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from .codes import (
    EV_CAUGHT_COURTING,
    EV_COURTING_FAILED,
    EV_MISTRESS_FAVOURS,
    EV_MISTRESS_GIFTS,
    EV_MISTRESS_GIVEN_UP,
    EV_MISTRESS_LEFT,
    EV_MISTRESS_SUPPLANTED,
    EV_MISTRESS_SUPPORT_PAID,
    EV_MISTRESS_VISIT,
    EV_NEW_LIAISON,
    EV_RIVAL_SUITORS,
    EV_SUITOR_WITHDREW,
    EV_THROWN_OUT,
)
from ...dice import Dice
from .orders import Court, SuitorStanding, VisitMistress
from ...records import Character
from .tables import MISTRESS_ATTRIBUTES, MistressesTables
from ...turn import PendingDuel, Turn
from .state import Mistress
from ..companionship import rules as companionship

RULE_MISTRESSES = "d. Mistresses"
RULE_FAVOURS = "f. Influence Table C"

# Turn.facts of a suitor: week -> (mistress number, extra payments made, crowns spent).
FACT_COURTING = "courting"
# His counters of her favours: mistress_favour.<year>.class<N> (Influence Table C).
FAVOUR_PREFIX = "mistress_favour."

CAUSE_RIVALS = "rival suitors"
CAUSE_COURTING = "courting his mistress"
WITHDRAW = "withdraw"

# Words that mean "my mistress" among the companions of a club visit.
MY_MISTRESS = {"mistress", "my mistress", "his mistress", "the mistress", "my lady", "his lady"}


def place(m: Mistress) -> str:
    """Her key in ``Turn.whereabouts``: her door (suitors) and her company (her lover)."""
    return f"mistress:{m.number}"


# -- campaign start ------------------------------------------------------------------


def roll_mistresses(tables: MistressesTables, dice: Dice, count: int, first_number: int = 1,
                    taken_names: tuple[str, ...] = ()) -> list[Mistress]:
    """Roll ``count`` mistresses: SL on 3d6, then Beauty, Influence, Wealth each on a 1-2.

    Named in order from ``tables.mistress_names``, skipping names already taken
    (then "Mistress N" once the list runs out).
    """
    used = {n.casefold() for n in taken_names}
    names = [n for n in tables.mistress_names if n.casefold() not in used]
    out = []
    for i in range(count):
        number = first_number + i
        name = names[i] if i < len(names) else f"Mistress {number}"
        sl = dice.roll(tables.mistress_sl_dice, f"mistress {number} ({name}): Social Level on "
                       f"{tables.mistress_sl_dice}d6")
        attrs = {}
        for attr in MISTRESS_ATTRIBUTES:
            roll = dice.d6(f"mistress {number} ({name}): {attr} on a 1-{tables.mistress_attribute_on}")
            attrs[attr] = roll <= tables.mistress_attribute_on
        out.append(Mistress(number, name, sl, **attrs))
    return out


# -- the weeks: courting and visiting ---------------------------------------------------------


def is_his_mistress(turn: Turn, ch: Character, text: str) -> bool:
    """Does ``text`` (a companion named on a club visit) mean the mistress he keeps?"""
    m = turn.world.kept_by(ch.name)
    if m is None:
        return False
    key = " ".join(text.split()).casefold()
    return key in MY_MISTRESS or turn.world.mistress(text) is m


def court(turn: Turn, ch: Character, order: Court, week: int) -> bool:
    """Go courting: pay at her door now; the attempt is settled in ``after_week``.

    True if he paid and is at her door.
    """
    m = turn.world.mistress(order.mistress)
    if m is None:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason=f"there is no mistress {order.mistress!r} (see the GM's list)")
        return False
    if m.lover == ch.name:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason=f"{m.name} is already his mistress")
        return False
    tables = turn.tables.mistresses
    cost = tables.courting_cost_multiplier * m.social_level
    if not turn.pay(ch, cost, week,
                    f"courting {m.name} ({tables.courting_cost_multiplier} × her SL {m.social_level})",
                    RULE_MISTRESSES):
        turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False,
                   what=f"courting {m.name}", cost=cost, had=ch.crowns)
        return False
    extras = 0
    if order.extra_payments and m.wealthy:
        # "Characters courting a wealthy mistress may not modify the die roll in this
        # manner": the extra payments are not made.
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason=f"{m.name} is wealthy: extra payments cannot sway her")
    elif order.extra_payments:
        each = tables.extra_payment_multiplier * m.social_level
        for i in range(1, order.extra_payments + 1):
            # Choice: he makes as many of the extra payments as he can afford.
            if not turn.pay(ch, each, week,
                            f"extra payment {i} courting {m.name} (+{tables.extra_payment_bonus} to the roll)",
                            RULE_MISTRESSES):
                turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False,
                           what=f"extra payment {i} courting {m.name}", cost=each, had=ch.crowns)
                break
            extras += 1
    turn.be_at(week, place(m), ch.name)
    turn.fact(ch.name).setdefault(FACT_COURTING, {})[week] = (m.number, extras, cost + extras * (
        tables.extra_payment_multiplier * m.social_level))
    return True


def courted_this_month(turn: Turn, name: str) -> set[int]:
    """The numbers of the mistresses he went courting this month (paid at her door), in any
    week: not the one he keeps, nor a visit to her."""
    return {record[0] for record in turn.fact(name).get(FACT_COURTING, {}).values()}


def visit(turn: Turn, ch: Character, order: VisitMistress, week: int) -> bool:
    """Visit his mistress (the week's action): it satisfies the month's companionship."""
    m = turn.world.kept_by(ch.name)
    if m is None:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason="he has no mistress")
        return False
    turn.be_at(week, place(m), ch.name)
    companionship.satisfy(turn, ch)
    turn.event(EV_MISTRESS_VISIT, week, ch.name, public=False, mistress=m.name, at=None)
    return True


def bring_to_club(turn: Turn, ch: Character, week: int, club: str) -> bool:
    """His mistress comes with him to the club: "in lieu of the monthly visit".

    "Naturally, the character is expected to purchase her liquid refreshment":
    Choice: it costs her Social Level in crowns (as carousing costs the
    drinker's: ``mistress_refreshment_per_sl``), earns no status point, and
    without it she does not come.
    """
    m = turn.world.kept_by(ch.name)
    if m is None:
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=f"bring his mistress to {club}",
                   reason="he has no mistress")
        return False
    cost = turn.tables.mistresses.mistress_refreshment_per_sl * m.social_level
    if not turn.pay(ch, cost, week, f"{m.name}'s liquid refreshment at {club} (her SL {m.social_level} crowns)",
                    RULE_MISTRESSES):
        turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False,
                   what=f"{m.name}'s liquid refreshment", cost=cost, had=ch.crowns)
        return False
    turn.be_at(week, place(m), ch.name)
    companionship.satisfy(turn, ch)
    turn.event(EV_MISTRESS_VISIT, week, ch.name, public=False, mistress=m.name, at=club)
    return True


# -- after the week: the attempts --------------------------------------------------------------


@dataclass(frozen=True)
class Suitor:
    name: str
    extras: int
    spent: int


def after_week(turn: Turn, week: int) -> None:
    """Settle the week's courting, mistress by mistress (by number), once every
    character has acted: rivals at the same door first, then each attempt."""
    at_door: dict[int, list[Suitor]] = {}
    for name in sorted(turn.characters):
        record = turn.fact(name).get(FACT_COURTING, {}).get(week)
        if record:
            number, extras, spent = record
            at_door.setdefault(number, []).append(Suitor(name, extras, spent))
    # Whose mistress she was when the week began: the -1 and being caught are
    # judged at her door, before any of this week's successes move her.
    lovers = {m.number: m.lover for m in turn.world.mistresses}
    by_number = {}
    for x in turn.world.mistresses:
        by_number.setdefault(x.number, x)  # the first of a number, as a search of the list finds
    for number in sorted(at_door):
        m = by_number[number]
        remaining = settle_rivals(turn, m, at_door[number], week)
        if len(remaining) == 1:
            attempt(turn, turn.characters[remaining[0].name], m, remaining[0], week, lovers.get(number))


def settle_rivals(turn: Turn, m: Mistress, suitors: list[Suitor], week: int) -> list[Suitor]:
    """Two or more at her door: who withdraws (standing order), who must fight.

    Returns the suitors left to court her: one, or none (all withdrew, or a
    duel is required).  Choice: without a standing order a suitor does not
    withdraw; with three or more, each who stays must fight each other one who
    stays; one who withdraws loses the SL difference to the highest of those he
    withdrew in favour of, if that one is lower than he.
    """
    if len(suitors) < 2:
        return suitors
    chars = turn.characters
    stay = [s for s in suitors if turn.standing_orders(s.name).of(SuitorStanding).rival_suitor != WITHDRAW]
    gone = [s for s in suitors if s not in stay]
    for s in gone:
        favoured = [x for x in (stay or suitors) if x is not s]
        top = max(favoured, key=lambda x: (chars[x.name].social_level, x.name))
        me, them = chars[s.name].social_level, chars[top.name].social_level
        lost = turn.tables.mistresses.withdrawal_status_per_level * max(0, me - them)
        if lost:
            turn.post(chars[s.name], "status_points", -lost, week,
                      f"withdrew from {m.name}'s door in favour of {top.name}, of lower Social Level "
                      f"({me} - {them})", RULE_MISTRESSES)
        turn.event(EV_SUITOR_WITHDREW, week, (s.name, *[x.name for x in favoured]), public=False,
                   mistress=m.name, lost=lost, spent=s.spent)
    if len(stay) >= 2:
        # "If neither character withdraws, a duel is required to settle the issue."
        for a, b in combinations(stay, 2):
            turn.pending_duels.append(PendingDuel(week, a.name, b.name, CAUSE_RIVALS, place(m)))
        turn.event(EV_RIVAL_SUITORS, week, tuple(x.name for x in stay), public=True,
                   mistress=m.name, duel=True)
        return []
    return stay


def attempt(turn: Turn, ch: Character, m: Mistress, suitor: Suitor, week: int, lover: str | None) -> bool:
    """One suitor's attempt on ``m``; True if he won her.  ``lover``: hers when the week began."""
    rival = lover if lover is not None and lover != ch.name and lover in turn.characters else None
    if rival is not None and turn.is_at(week, place(m), rival):
        # "A character is caught if he attempts to court another player's mistress
        # while the other player is with her."  Choice: caught at the door, he does
        # not get to roll.
        _caught(turn, ch, m, rival, week, present=True)
        return False
    tables = turn.tables.mistresses
    diff = ch.social_level - m.social_level
    needed = tables.courting_roll_needed(diff)
    modifier = suitor.extras * tables.extra_payment_bonus + (tables.anothers_mistress_modifier if rival else 0)
    roll = turn.dice.d6(f"courting: {ch.name} (SL {ch.social_level}) courts {m.name} (SL {m.social_level}), "
                        f"needs {needed}+ with {modifier:+d}")
    won = roll > tables.courting_always_fails and roll + modifier >= needed
    if won:
        win(turn, ch, m, week, roll=roll, needed=needed, modifier=modifier)
        return True
    turn.event(EV_COURTING_FAILED, week, ch.name, public=False, mistress=m.name, roll=roll,
               needed=needed, modifier=modifier, spent=suitor.spent)
    own = turn.world.kept_by(ch.name)
    if own is not None or rival is not None:
        # Choice: one roll serves both: the indiscretion that tells his own mistress
        # and the one by which another's lover catches him.
        indiscretion = turn.dice.d6(f"indiscretion: {ch.name} failed with {m.name} (an indiscretion on a "
                                    f"{tables.indiscretion_on})")
        if indiscretion >= tables.indiscretion_on:
            if own is not None:
                end_affair(turn, ch, own, week, f"{own.name} threw him out: an indiscretion courting {m.name}")
                turn.event(EV_THROWN_OUT, week, ch.name, public=True, mistress=own.name, courting=m.name)
            if rival is not None:
                _caught(turn, ch, m, rival, week, present=False)
    return False


def _caught(turn: Turn, ch: Character, m: Mistress, rival: str, week: int, present: bool) -> None:
    """Caught courting another's mistress: cause for a duel (a pending duel if her lover is there)."""
    turn.event(EV_CAUGHT_COURTING, week, (ch.name, rival), public=True, mistress=m.name, lover=rival,
               present=present)
    if present:
        turn.pending_duels.append(PendingDuel(week, rival, ch.name, CAUSE_COURTING, place(m)))


def win(turn: Turn, ch: Character, m: Mistress, week: int, **data: int) -> None:
    """He has won her: she leaves any other lover, he gives up any other mistress."""
    old = turn.world.kept_by(ch.name)
    if old is not None and old is not m:
        # "If successful, he must give up the first mistress."
        end_affair(turn, ch, old, week, f"gave up {old.name} for {m.name}")
        turn.event(EV_MISTRESS_GIVEN_UP, week, ch.name, public=True, mistress=old.name, new=m.name)
    if m.lover is not None and m.lover != ch.name:
        former = turn.characters.get(m.lover)
        if former is not None:
            end_affair(turn, former, m, week, f"{m.name} left him for {ch.name}")
            turn.event(EV_MISTRESS_SUPPLANTED, week, (former.name, ch.name), public=True,
                       mistress=m.name, rival=ch.name)
    m.lover = ch.name
    m.since = turn.month.key
    turn.assign(ch, "mistress", m.name, week, f"won {m.name} by courting (rolled {data.get('roll')}, "
                f"needed {data.get('needed')}+ with {data.get('modifier', 0):+d})", RULE_MISTRESSES)
    turn.event(EV_NEW_LIAISON, week, ch.name, public=True, mistress=m.name, social_level=m.social_level,
               **data)


def end_affair(turn: Turn, ch: Character, m: Mistress, week: int, reason: str) -> None:
    """She is his no longer; the favours she gave him go with her ("for the duration
    of the affair")."""
    if m.lover == ch.name:
        m.lover = None
        m.since = None
    turn.assign(ch, "mistress", None, week, reason, RULE_MISTRESSES)
    for key in sorted(ch.counters):
        if key.startswith(FAVOUR_PREFIX):
            turn.post(ch, key, -ch.counters[key], week,
                      f"favours from {m.name} are kept only for the duration of the affair", RULE_FAVOURS)


# -- month end ---------------------------------------------------------------------------------


def month_end(turn: Turn, ch: Character) -> None:
    """His mistress at month end: her support (or a wealthy one's gifts), then the
    status she brings him, then her yearly favours."""
    m = turn.world.kept_by(ch.name)
    if m is None:
        return
    tables = turn.tables.mistresses
    diff = m.social_level - ch.social_level
    if m.wealthy:
        # "If a player has a wealthy mistress, he need not pay her support; indeed,
        # she will pay him crowns equal to twice the difference ... if hers is higher."
        if diff > 0:
            gifts = tables.wealthy_gifts_multiplier * diff
            turn.post(ch, "crowns", gifts, MONTH_END,
                      f"little gifts from {m.name} ({tables.wealthy_gifts_multiplier} × (her SL {m.social_level} "
                      f"- SL {ch.social_level}))", RULE_MISTRESSES)
            turn.event(EV_MISTRESS_GIFTS, MONTH_END, ch.name, public=False, mistress=m.name, amount=gifts)
    else:
        cost = tables.mistress_support_multiplier * m.social_level
        if not turn.pay(ch, cost, MONTH_END, f"support of {m.name} ({tables.mistress_support_multiplier} × her SL "
                        f"{m.social_level})", RULE_MISTRESSES):
            # Choice: support is whole or not at all; unpaid, she leaves him.
            had = ch.crowns
            end_affair(turn, ch, m, MONTH_END, f"{m.name} left him: her support of {cost} went unpaid")
            turn.event(EV_MISTRESS_LEFT, MONTH_END, ch.name, public=True, mistress=m.name, owed=cost, had=had)
            return
        turn.event(EV_MISTRESS_SUPPORT_PAID, MONTH_END, ch.name, public=False, mistress=m.name, amount=cost)
    turn.post(ch, "status_points", tables.mistress_status, MONTH_END, f"keeps a mistress, {m.name}",
              RULE_MISTRESSES)
    if diff > 0:
        turn.post(ch, "status_points", tables.higher_mistress_status_per_level * diff, MONTH_END,
                  f"{m.name} is of higher Social Level ({m.social_level} - {ch.social_level})", RULE_MISTRESSES)
    if m.beautiful:
        turn.post(ch, "status_points", tables.beautiful_status, MONTH_END, f"{m.name} is beautiful", RULE_MISTRESSES)
    favours(turn, ch, m)


def favours(turn: Turn, ch: Character, m: Mistress) -> tuple[int, ...]:
    """Influence Table C: her favours, once a year of the affair (the month it began,
    then every twelfth month).  Stored as counters ``mistress_favour.<year>.class<N>``
    for the influence module; nothing here spends them."""
    tables = turn.tables.mistresses
    since = GameMonth.parse(m.since) if m.since else turn.month
    if turn.month.months_since(since) % tables.mistress_favours_every_months:
        return ()
    classes = tables.mistress_favours(m.social_level, m.influential)
    for cls in classes:
        turn.post(ch, f"{FAVOUR_PREFIX}{turn.month.year}.class{cls}", 1, MONTH_END,
                  f"a class {cls} favour from {m.name} (SL {m.social_level}"
                  f"{', influential' if m.influential else ''}) for the year", RULE_FAVOURS)
    if classes:
        turn.event(EV_MISTRESS_FAVOURS, MONTH_END, ch.name, public=False, mistress=m.name, classes=list(classes))
    return classes

"""Appointments: applying, reappointment, terms, status and favours of each post.

The Military and Government Appointments Tables are lost; ``AppointmentsTables.appointments``
holds engarde's house values in their form (en-garde-tables.md, "Appointments"):
rank, min SL, post, number allowed, who appoints, SP per month, favour class each
season, die roll needed on one die "(influence applies; MA 1: +1, 2-5: 0, 6-7:
-1, 8+: -2; -1 for every 3 SL above the minimum). Military posts need exactly the
rank; government posts the rank or higher."  "Posts usually run for twelve months;
a failed application cannot be repeated for three months."

Counters: ``appointment.months`` (months left of his term),
``appointment_bar.<post>`` (months before he may apply for that post again).
Choices: one post at a time; reappointment is applying for his own post in the
last month of its term (a new term follows on); a post's holders are counted
among the characters only (a non-player holder makes way).  A post appointed by
a position a player holds waits for his answer (``engarde.rules.decisions``,
``World.appointments_pending``; the GM records it with ``engarde appointment
decide``), carried out by ``settle_decisions`` at the next month start.
"""

from __future__ import annotations

import re

from ...calendar import MONTH_END, MONTH_START
from .codes import (
    EV_APPOINTED,
    EV_APPOINTMENT_AWAITS,
    EV_APPOINTMENT_ENDED,
    EV_APPOINTMENT_REFUSED,
    EV_APPOINTMENT_STATUS,
    EV_BRIGADE_COMMAND,
)
from .orders import SeekAppointment
from ...records import Character
from .tables import AppointmentsTables, Post
from ..regiments.state import BrigadeRecord
from ...tables import Tables
from ...turn import Turn
from .. import decisions
from ..influence import rules as influence
from ..military import rules as military
from ..regiments import rules as regiments
from ..regiments.brevet import effective_rank_of
from ..titles import rules as titles

RULE_APPOINTMENTS = "Appointments (house values)"
MONTHS_LEFT = "appointment.months"
BAR_PREFIX = "appointment_bar."


def bar_field(post: Post) -> str:
    return BAR_PREFIX + re.sub(r"[^a-z0-9]+", "-", post.name.lower()).strip("-")


def post_of(tables: AppointmentsTables, ch: Character) -> Post | None:
    return tables.post(ch.appointment) if ch.appointment else None


def holders(turn: Turn, post: Post) -> list[str]:
    return sorted(c.name for c in turn.characters.values() if c.appointment == post.name)


def _player_appointer(turn: Turn, ch: Character, post: Post) -> str | None:
    """A character who holds the appointing position, if any: he decides, no roll
    ("it is assumed that no player holds the post" is the rules' condition for the
    roll in the Athos example).  The Minister is the Minister of War (the example:
    "the Minister of War who appoints that position"); the Colonel is the player
    commanding the applicant's regiment; the Brigadier-General is the player
    commanding the applicant's brigade (``BrigadeRecord.commander``); the
    Lieutenant-General and the General are the player commanding the applicant's
    division or army (``military.player_commander``)."""
    if post.appointed_by == "Minister":
        for c in sorted(turn.characters.values(), key=lambda c: c.name):
            if c.name != ch.name and c.appointment == MINISTER_OF_WAR and c.state != "dead":
                return c.name
    if post.appointed_by == "Colonel" and ch.regiment:
        reg = turn.world.regiment(ch.regiment)
        if reg is not None:
            officer, _ = regiments.commander(reg)
            if officer is not None and officer.player and officer.name != ch.name:
                return officer.name
    if post.appointed_by in COMMAND_APPOINTERS:
        # The Division Adjutant (the Lieutenant-General appoints) and the Army Adjutant
        # (the General): the player commanding his division or army decides.
        return military.player_commander(turn, ch, COMMAND_APPOINTERS[post.appointed_by])
    if post.appointed_by == "Brigadier-General":
        brigade = brigade_for(turn.tables, ch)
        record = turn.world.brigade(brigade) if brigade else None
        if record is not None and record.commander and record.commander != ch.name \
                and record.commander in turn.characters:
            return record.commander
    return None


MINISTER_OF_WAR = "Minister of War"
# Who appoints (AppointmentsTables.appointments) -> the command whose player commander decides.
COMMAND_APPOINTERS = {"Lieutenant-General": "division", "General": "army"}
BRIGADIER = "Brigadier (Brigade Commander)"


def brigade_for(tables: Tables, ch: Character) -> str | None:
    """The brigade a Brigadier commands.  Choice: his own regiment's (Regimental Table C)."""
    reg = regiments.regiment_info(tables.regiments, ch.regiment)
    return reg.brigade if reg else None


def qualifies(tables: Tables, ch: Character, post: Post, turn: Turn | None = None) -> str | None:
    """Why he may not hold ``post``, or None (``tables``: the campaign's).  His rank is his
    brevet rank if he holds one ("Players holding a brevet rank receive all pay, status and
    privileges associated with that rank"; "an appointment that requires the rank")."""
    rank = effective_rank_of(tables.military.promotion_ladder, ch)
    if post.name == BRIGADIER:
        brigade = brigade_for(tables, ch)
        if brigade is None:
            return "a Brigadier commands his own regiment's brigade; he has none"
        record = turn.world.brigade(brigade) if turn is not None else None
        if record is not None and record.commander and record.commander != ch.name:
            return f"the {brigade} is commanded by {record.commander}"
    if post.rank is not None:
        if post.military and rank != post.rank:
            return f"the post of {post.name} needs a {post.rank}"
        if not post.military and regiments.rank_index(rank or "") < regiments.rank_index(post.rank):
            return f"the post of {post.name} needs a {post.rank} or higher"
    if ch.social_level < post.min_social_level:
        return f"the post of {post.name} needs Social Level {post.min_social_level}"
    return None


def seek(turn: Turn, ch: Character, order: SeekAppointment, week: int) -> bool:
    """Apply for a post (or for reappointment to his own in its last month)."""
    tables = turn.tables.appointments
    post = tables.post(order.post)

    def refuse(reason: str, **data) -> bool:
        turn.event(EV_APPOINTMENT_REFUSED, week, ch.name, public=False,
                   post=post.name if post else order.post, reason=reason, **data)
        return False

    if post is None:
        return refuse(f"no post called {order.post!r}; the posts are " + ", ".join(p.name for p in tables.appointments))
    if post.roll is None:
        return refuse(f"the {post.name} is chosen by the yearly roll, not by application")
    reappointment = ch.appointment == post.name
    if reappointment and ch.get(MONTHS_LEFT) > 1:
        return refuse(f"he holds the post for {ch.get(MONTHS_LEFT)} months more; seek reappointment in its last month")
    if ch.appointment and not reappointment:
        return refuse(f"he holds the post of {ch.appointment}: one post at a time")
    if ch.get(bar_field(post)) > 0:
        return refuse(f"a failed application cannot be repeated for {tables.appointment_retry_months} months")
    why = qualifies(turn.tables, ch, post, turn)
    if why:
        return refuse(why)
    others = [n for n in holders(turn, post) if n != ch.name]
    if len(others) >= post.number:
        return refuse(f"every post of {post.name} ({post.number}) is held, by " + ", ".join(others))
    appointer = _player_appointer(turn, ch, post)
    if appointer:
        # The player appointing decides: the application waits for his answer, which
        # the GM records (engarde appointment decide) and the next month start carries out.
        decisions.wait(
            turn, turn.world.appointments_pending,
            {"character": ch.name, "post": post.name, "appointer": appointer}, week,
            code=EV_APPOINTMENT_AWAITS, who=(ch.name, appointer),
            data={"post": post.name, "appointer": appointer, "applicant": ch.name},
            message=(f"{ch.name} seeks the post of {post.name}; {appointer}, a player, appoints to it (no roll): "
                     f"the application waits for his answer"),
            hint=f"record his answer: engarde appointment decide \"{post.name}\" \"{ch.name}\" --accept|--refuse")
        return False
    adjustments = []
    ma = tables.ma_modifier(ch.military_ability)
    if ma:
        adjustments.append((f"MA {ch.military_ability}", ma))
    above = (ch.social_level - post.min_social_level) // tables.appointment_sl_per_bonus
    if above > 0 and tables.appointment_sl_bonus:
        adjustments.append((f"SL {ch.social_level}, {above * tables.appointment_sl_per_bonus} above the minimum",
                            -above * tables.appointment_sl_bonus))
    decision = influence.decide(turn, ch.name, f"the post of {post.name}", post.appointed_by, post.roll, week,
                                adjustments, words=(post.name, "appointment", post.appointed_by, *post.aliases))
    if not decision.success:
        turn.post(ch, bar_field(post), tables.appointment_retry_months, week,
                  f"refused the post of {post.name}: not again for {tables.appointment_retry_months} months",
                  RULE_APPOINTMENTS)
        return refuse("the decision went against him", **decision.to_data())
    if reappointment:
        turn.post(ch, MONTHS_LEFT, post.term_months, week, f"reappointed {post.name} for another term",
                  RULE_APPOINTMENTS)
    else:
        appoint(turn, ch, post, week, f"appointed {post.name}")
    turn.event(EV_APPOINTED, week, ch.name, public=True, post=post.name, reappointed=reappointment,
               **decision.to_data())
    return True


def settle_decisions(turn: Turn) -> None:
    """Month start: the answers of player appointers, recorded by the GM (``engarde
    appointment decide``), are carried out (``engarde.rules.decisions``, as a player
    colonel's).  Accepted, he takes the post (or another term of his own) if he still
    qualifies and a post is free; refused, "a failed application cannot be repeated
    for three months".  Unanswered ones wait."""

    tables = turn.tables.appointments

    def carry_out(p: dict, ch: Character, decision: str) -> None:
        post = tables.post(p["post"])
        if post is None:
            return
        by = p.get("appointer")
        if decision == decisions.REFUSE:
            retry = tables.appointment_retry_months
            turn.post(ch, bar_field(post), retry - ch.get(bar_field(post)), MONTH_START,
                      f"refused the post of {post.name} by {by}: not again for {retry} months",
                      RULE_APPOINTMENTS)
            turn.event(EV_APPOINTMENT_REFUSED, MONTH_START, ch.name, public=False, post=post.name,
                       reason=f"{by}, who appoints to it, refused him", appointer=by, decision=decision)
            return
        reappointment = ch.appointment == post.name
        # An answer to a request made before he was given the post (by the roll, while no
        # player appointed) is a reappointment only in his term's last month, as in ``seek``.
        why = ("dead" if ch.state == "dead" else
               f"he holds the post of {ch.appointment}: one post at a time"
               if ch.appointment and not reappointment else
               f"he holds the post for {ch.get(MONTHS_LEFT)} months more; seek reappointment in its last month"
               if reappointment and ch.get(MONTHS_LEFT) > 1 else qualifies(turn.tables, ch, post, turn))
        others = [n for n in holders(turn, post) if n != ch.name]
        if why is None and len(others) >= post.number:
            why = f"every post of {post.name} ({post.number}) is held, by " + ", ".join(others)
        if why:
            turn.event(EV_APPOINTMENT_REFUSED, MONTH_START, ch.name, public=False, post=post.name,
                       reason=f"{by} accepted him, but {why}", appointer=by, decision=decision)
            return
        if reappointment:
            turn.post(ch, MONTHS_LEFT, post.term_months, MONTH_START,
                      f"reappointed {post.name} by {by} for another term", RULE_APPOINTMENTS)
        else:
            appoint(turn, ch, post, MONTH_START, f"appointed {post.name} by {by}")
        turn.event(EV_APPOINTED, MONTH_START, ch.name, public=True, post=post.name, reappointed=reappointment,
                   appointed_by=by, decision=decision)

    turn.world.appointments_pending = decisions.settle(turn, turn.world.appointments_pending, carry_out)


def appoint(turn: Turn, ch: Character, post: Post, week: int, reason: str) -> None:
    """Give him the post for its term (no roll: the caller decided)."""
    turn.assign(ch, "appointment", post.name, week, reason, RULE_APPOINTMENTS)
    turn.post(ch, MONTHS_LEFT, post.term_months - ch.get(MONTHS_LEFT), week,
              f"a term of {post.term_months} months", RULE_APPOINTMENTS)
    if post.name.startswith("Minister"):
        titles.qualify(turn, ch, week, f"became {post.name}")
    if post.name == BRIGADIER:
        take_brigade(turn, ch, week)


def take_brigade(turn: Turn, ch: Character, week: int) -> None:
    """"Status points for positions ... are awarded to the Brigade commander": the
    Brigadier is his brigade's commander (``BrigadeRecord.commander``), so the
    brigade's status goes to him each month (``regiments.brigade_status``) and he
    commands it on campaign (``military.chain_for``)."""

    brigade = brigade_for(turn.tables, ch)
    if brigade is None:
        return
    record = turn.world.brigade(brigade)
    if record is None:
        record = BrigadeRecord(brigade)
        turn.world.brigades.append(record)
    record.commander = ch.name
    turn.event(EV_BRIGADE_COMMAND, week, ch.name, public=True, brigade=brigade, taken=True)


def give_up_brigade(turn: Turn, ch: Character, week: int) -> None:
    for record in turn.world.brigades:
        if record.commander == ch.name:
            record.commander = None
            turn.event(EV_BRIGADE_COMMAND, week, ch.name, public=True, brigade=record.name, taken=False)


def season_favours(turn: Turn, ch: Character) -> list[int]:
    """Favours for SL and for his post, at the start of a season."""
    post = post_of(turn.tables.appointments, ch)
    return influence.season_favours(turn, ch, post.favour if post else 0, post.name if post else None)


def month_end(turn: Turn, ch: Character) -> None:
    """His post's monthly status, a month off its term (ending it at the last), and
    a month off each bar on applying."""
    post = post_of(turn.tables.appointments, ch)
    if post is not None and post.status is not None:
        turn.post(ch, "status_points", post.status, MONTH_END, f"the post of {post.name}", RULE_APPOINTMENTS)
        turn.event(EV_APPOINTMENT_STATUS, MONTH_END, ch.name, public=False, post=post.name, status=post.status)
    if post is not None and post.roll is not None and ch.get(MONTHS_LEFT) > 0:
        turn.post(ch, MONTHS_LEFT, -1, MONTH_END, f"a month of his term as {post.name}", RULE_APPOINTMENTS)
        if ch.get(MONTHS_LEFT) == 0:
            turn.assign(ch, "appointment", None, MONTH_END, f"his term as {post.name} ended", RULE_APPOINTMENTS)
            give_up_brigade(turn, ch, MONTH_END)
            turn.event(EV_APPOINTMENT_ENDED, MONTH_END, ch.name, public=True, post=post.name)
    for key in sorted(ch.counters):
        if key.startswith(BAR_PREFIX) and ch.counters[key] > 0:
            turn.post(ch, key, -1, MONTH_END, "a month passed since a failed application", RULE_APPOINTMENTS)


__all__ = ["seek", "settle_decisions", "appoint", "month_end", "season_favours", "qualifies", "bar_field", "MONTH_START"]

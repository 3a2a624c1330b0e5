"""The core rules: En Garde! as the rulebook (en-garde-rules.txt) writes it.

One package per part of the rules, each declaring what it brings in its
``__init__`` (``engarde.modules.RuleModule``): ``status`` (b. social status),
``clubs``, ``gambling``, ``toadying``, ``bawdyhouse``, ``companionship``,
``mistresses`` and ``loans`` (c. and d., society), ``practice`` and ``duel``
(e.), ``influence`` (f.), ``regiments``, ``appointments`` and ``titles`` (g.),
``military`` (h. and i.), ``creation`` (a. the Birth Tables), ``press`` (letters to
the gazette) and ``month`` (the month's frame: rest, no orders, the week's actions).

Below: the core's month, its verbs and its gazette in their order.  A house rule
places its own steps, verbs and sections against these names
(``before="clubs.join"``); it never edits these lists.
"""

from __future__ import annotations

from ..tables import Tables
from ..world import World
from . import (
    appointments,
    bawdyhouse,
    clubs,
    companionship,
    creation,
    duel,
    gambling,
    influence,
    loans,
    military,
    mistresses,
    month,
    practice,
    press,
    regiments,
    status,
    titles,
    toadying,
)

# The order of the modules is the order their orders are listed in a confirmation.
CORE_MODULES = (
    month.MODULE, creation.MODULE, status.MODULE, clubs.MODULE, gambling.MODULE, toadying.MODULE,
    bawdyhouse.MODULE, companionship.MODULE, practice.MODULE, duel.MODULE, loans.MODULE, regiments.MODULE,
    influence.MODULE, appointments.MODULE, titles.MODULE, military.MODULE, mistresses.MODULE, press.MODULE,
)

World.register(CORE_MODULES)
Tables.register(CORE_MODULES)

# The month, in the book's stated order (b. Time Sequence; the order of payments at month end).
MONTH = (
    # -- month start ---------------------------------------------------------------
    "regiments.enforce_disgrace",  # d. Loans: the disgraced to a Frontier Regiment, the released home
    # before the season's determination: the month's pledges move the Field Marshal's decision on a petition
    "influence.gather_pledges",
    "military.begin_month",  # h. the season's campaign; who marches with it
    # each man in turn: his standing, his allowance, then his orders for the month
    "status.begin_month",
    "status.allowance_at_start",
    "month.no_orders",
    "clubs.resign",  # a sheet with both resigns first
    "clubs.join",
    "loans.call",
    "loans.offer",
    "duel.trade_expertise",
    "duel.note_answers",
    # the army and influence
    "regiments.settle_decisions",  # player colonels' answers, recorded by the GM
    "appointments.settle_decisions",  # player appointers' answers
    "regiments.organise_for_members",
    "appointments.season_favours",
    "regiments.plan_duty",
    # -- each week -----------------------------------------------------------------
    "month.actions",  # every man's order for the week (guests after their hosts)
    "toadying.after_week",
    "mistresses.after_week",  # rival suitors, then each courting
    "duel.resolve_week",  # the week's duels
    "duel.recover",
    # -- month end: the stated order of payments ---------------------------------------
    "status.allowance_at_end",
    "status.pay_support",
    "clubs.pay_dues",
    "clubs.monthly_status",
    "clubs.count_down_bars",
    "regiments.pay_and_status",
    "regiments.horse_upkeep",
    "regiments.brigade_status",
    "appointments.month_end",
    "titles.pension",
    "mistresses.month_end",
    "loans.month_end",
    "loans.unused_offers",
    "companionship.month_end",
    "military.month_end",  # the battle, despatches, poltroonery, brevets
    "titles.consider",  # after the battle, whose results may qualify him
    "status.settle_social_level",
    "regiments.check_rank_minimum",
    "regiments.yearly_brigade_majors",
    "influence.expire_season_favours",
    "influence.unused_pledges",
    "status.reset_status_points",
)

# The order weekly verbs are tried in: the first whose pattern matches and that accepts
# the words reads the week.  More particular verbs come before the ones they would shadow.
VERBS = (
    "ditto", "rest",
    "regimental duty", "resign commission", "practise",
    "visit mistress at a club", "visit mistress", "visit mistress by name", "court", "toady", "volunteer", "petition",
    "seek appointment", "apply to a regiment", "buy rank", "use influence", "borrow", "repay", "take up a loan",
    "answer challenge", "take up an offer", "challenge", "gamble", "go with", "at his table", "visit", "bring a guest",
    "carouse",
    # orders for the month and standing orders mistakenly written on a week's line: say where they belong
    "conspicuous consumption", "resign club", "duel order in a week", "rival suitor in a week",
    "new password in a week", "campaign order in a week", "call in loans in a week", "lend",
    "excuse from duty in a week",
    "place",  # a bare place ("Hunter's and carouse"), tried last
)

# The gazette's sections, top to bottom.
# The Notices (disgraces, dismissals) follow the Deaths; the Press has its own page (in print);
# then Points Arising, the Greasy Pole and the public tables.
SECTIONS = ("society", "clubs", "regiments", "front", "affairs", "deaths", "notices", "press", "points", "greasy_pole",
            "precedence", "regiment_table", "club_table", "mistress_table")

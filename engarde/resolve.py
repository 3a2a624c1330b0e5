"""Resolve one game month: month start, weeks 1 to 4, month end.

``resolve_month`` takes the characters as they stood before the month, the
month's order sheets (keyed by character name), the dice and the campaign's
rule settings, and returns a ``MonthResult``: the characters after the month,
every ledger entry (with its reason and rule), every event, the errors found,
and every die rolled with its reason.  The input characters are not touched: it
works on deep copies, so the caller keeps the "before" snapshot and
``records.replay`` of each one with its ledger entries gives the "after".

The fixed order (``engarde.rules`` says which module does what):

Month start (week MONTH_START), for each character in sorted name order:
  1. note his Social Level at the beginning of the month;
  2. allowance, if the campaign's ``allowance`` setting is "month_start";
  3. monthly orders: resign from his club, then join a club (so a sheet with
     both resigns first), then call in loans (``call_loans``; payable at month end),
     then his offers to lend (``lend``: what a borrower may take this month).
A character without an order sheet gets EV_NO_ORDERS and rests all month.

Weeks 1 to 4: each week, each character's action for that week, characters in
sorted name order so that the dice are rolled in a deterministic order; except
that a visit to a club he is not a member of (he can enter only as a guest)
waits until the week's other actions are done, so his host is there first.
After every action of the week: toadying (guests and hosts at each club), then
courting (rival suitors at the same door, then each attempt, mistress by number),
then the week's duels (engarde.rules.duel: duels required by other rules, challenges,
meetings with cause), then recovery from duel wounds.  A man killed takes no further
action; the dead are left out of every step of later months.  At month start, after
the monthly orders: the trade of five Expertise for one Strength, and his answers to
challenges (from any week of his sheet).

Month end (week MONTH_END): the stated order of payments.  Each step is done for
every character (sorted by name) before the next step:
  1. allowance, if the campaign's ``allowance`` setting is "month_end";
  2. support: 2 x SL, or 3 x SL and +1 SP with conspicuous consumption;
  3. club dues (unpaid: the membership lapses and earns no monthly club SP);
  4. monthly club status points (members whose dues were paid);
  5. bars on rejoining a club count down one month;
  6. his mistress: her support, 3 x her SL (unpaid: she leaves him), or a wealthy
     mistress's gifts; then her status points and her yearly favours;
  7. loans: those falling due (a moneylender's at six months, a called loan between
     characters) are repaid whole, oldest first; unpaid, he is disgraced (and pays
     a defaulted loan at the first month end he can); what lenders offered and no
     one borrowed lapses;
  8. companionship penalty (-2 SP, 2 more each consecutive month);
  9. the campaign (engarde.rules.military): in the season's last month the
     battle is fought (results from the top command down, each character's
     personal outcome, the regiments' non-player officers) and all but the
     Frontier's and the RNHB's own come home; then, for those at home, the
     status of their mentions in despatches and the price of poltroonery;
     every brevet's clock;
  10. social level: maintain, raise or drop (unpaid support costs a level);
  11. status points of the month reset to 0.
Characters on campaign at month end draw their allowance (and pay) but skip
steps 2-8, 10 and 11: they pay nothing and keep no status account.
At month start, before anything else, a disgraced man (an unpaid loan) leaves his
regiment for the Frontier Regiment, and one whose debts are paid is released from it
(engarde.rules.regiments.enforce_disgrace); he pays his defaulted loans at month end
even on the Frontier.  Then the season's campaign: each summer the
Force Commitment, Deployment and Organisation (once anyone serves in the army),
substitution petitions; members of every unit on campaign march.  A character
on campaign takes no weekly action.
The army and influence (engarde.rules.regiments, influence, appointments, titles):
at month start, after the monthly orders, every character in turn: the month's
pledges of influence are gathered (each acts on the first decision of the month it
names), the player colonels' and appointers' answers the GM recorded are carried out, a regiment he already belongs to is organised if it was not, favours for
SL and appointment at the start of a season, and his duty weeks (excusal rolled on
a 5+; an unexcused week replaces a rest, else his latest order).  At month end,
after the club steps (5) and before his mistress (6): regimental pay and status,
then horse and groom support, then brigade status (Brigade Major, Brigade
commander), then his post's status and term, then a title's pension; after
companionship (8) and the campaign (9): the King considers titles (the new-SL jump;
a battle may have qualified him); after the social
level (10): a rank's minimum SL (three months, then expulsion), the yearly Brigade
Major roll (August), seasonal favours lapse (end of a season), unused pledges.
So the payments come in this order: support (with conspicuous consumption), club
dues, mistress support, loan repayments; what he cannot pay costs him what the
rules say (a level, his membership, his mistress, his good name).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .calendar import MONTH_END, MONTH_START, WEEKS_PER_MONTH, GameMonth
from .codes import E_NOT_YET, E_UNKNOWN_CHARACTER, E_WRONG_MONTH, EV_NO_ORDERS, EV_ORDER_REFUSED, EV_REST
from .config import RuleSettings
from .dice import Dice, Roll
from .orders import (
    Borrow,
    Court,
    Order,
    OrderSheet,
    Petition,
    Practise,
    Repay,
    Rest,
    StandingOrders,
    VisitBawdyhouse,
    VisitClub,
    VisitMistress,
    Volunteer,
)
from .records import Character, ErrorRecord, Event, LedgerEntry
from .rules import bawdyhouse, clubs, companionship, loans, mistresses, practice, status, toadying
from .rules import appointments, influence, regiments, titles
from .orders import ApplyRegiment, BuyRank, RegimentalDuty, ResignCommission, SeekAppointment, UseInfluence
from .tables import DISGRACED
from .rules import military
from .rules import duel
from .orders import AnswerChallenge, Challenge
from .turn import Turn
from .world import World


@dataclass
class MonthResult:
    month: GameMonth
    characters: list[Character]  # after the month, in the order they were given
    ledger: list[LedgerEntry]
    events: list[Event]
    errors: list[ErrorRecord]
    rolls: list[Roll]  # dice.log of this month: every die rolled, with its reason
    world: World = field(default_factory=World)  # mistresses, loans, ... after the month


def resolve_month(
    month: GameMonth,
    characters: list[Character],
    sheets: dict[str, OrderSheet],
    dice: Dice,
    settings: RuleSettings = RuleSettings(),
    world: World | None = None,
    standing: dict[str, StandingOrders] | None = None,
    rulings: dict[frozenset, bool] | None = None,
) -> MonthResult:
    """Resolve ``month`` for ``characters`` from their ``sheets`` (keyed by name).

    ``world`` (mistresses, loans, ...) is copied, never changed; ``standing``
    holds each character's standing orders on file, already merged with any
    new ones in this month's sheet.  ``rulings``: the GM's rulings on cause for a
    duel this month, by the pair's names (``engarde.rules.duel.resolve_week``).
    """
    working = [ch.copy() for ch in characters]
    by_name: dict[str, Character] = {}
    for ch in working:
        if ch.name in by_name:
            raise ValueError(f"two characters are named {ch.name!r}")
        by_name[ch.name] = ch
    names = sorted(n for n in by_name if not duel.is_dead(by_name[n]))  # the dead do nothing
    turn = Turn(month, by_name, dice, settings, world=(world or World()).copy(), standing=dict(standing or {}))
    first_roll = len(dice.log)

    usable: dict[str, OrderSheet] = {}
    for key in sorted(sheets):
        sheet = sheets[key]
        if key not in by_name:
            turn.errors.append(ErrorRecord(
                sheet.source, 0, E_UNKNOWN_CHARACTER,
                f"orders for {key!r}, who is not a character of this campaign",
                "check the character's name on the order sheet",
            ))
        elif sheet.month is not None and sheet.month != month:
            turn.errors.append(ErrorRecord(
                sheet.source, 0, E_WRONG_MONTH,
                f"these orders are for {sheet.month}, not {month}; {key} rests this month",
                f"send orders for {month}",
            ))
        else:
            usable[key] = sheet

    # -- month start ---------------------------------------------------------------
    for name in names:  # d. Loans: the disgraced to a Frontier Regiment, the released home
        regiments.enforce_disgrace(turn, by_name[name])
    military.begin_month(turn)  # the season's campaign; who marches with it
    for name in names:
        ch = by_name[name]
        status.begin_month(turn, ch)
        if settings.allowance == "month_start":
            status.pay_allowance(turn, ch, MONTH_START)
        sheet = usable.get(name)
        if sheet is None:
            # NMR: his standing orders (in ``standing``) still hold; he rests all
            # month, and pays what the campaign says a missed month costs.
            turn.event(EV_NO_ORDERS, MONTH_START, name, public=False)
            cost = settings.nmr_status_points
            if cost and not military.on_campaign(turn, name):  # on campaign he keeps no status account
                turn.post(ch, "status_points", -cost, MONTH_START,
                          "no orders this month (the campaign's cost of a missed month)", "campaign: nmr_status_points")
            continue
        if sheet.monthly.resign_club:
            clubs.resign(turn, ch)
        if sheet.monthly.join_club:
            clubs.join(turn, ch, sheet.monthly.join_club)
        if sheet.monthly.call_loans:
            loans.call(turn, ch, sheet.monthly.call_loans)
        if sheet.monthly.lend:
            loans.offer(turn, ch, sheet.monthly.lend)  # his consent, for borrowers to take this month
        if sheet.monthly.trade_expertise_for_strength:
            duel.trade_expertise(turn, ch, sheet.monthly.trade_expertise_for_strength, MONTH_START)
        duel.note_answers(turn, name, sheet.weeks.values())

    # -- month start: the army and influence ----------------------------------------
    influence.gather_pledges(turn, usable)
    regiments.settle_decisions(turn)  # player colonels' answers to applications, recorded by the GM
    appointments.settle_decisions(turn)  # player appointers' answers, recorded by the GM
    for name in names:
        regiments.organise_for_members(turn, by_name[name])
    for name in names:
        appointments.season_favours(turn, by_name[name])
    for name in names:
        regiments.plan_duty(turn, by_name[name], usable.get(name))

    # -- the weeks ---------------------------------------------------------------------
    for week in range(1, WEEKS_PER_MONTH + 1):
        guests = []
        for name in names:
            if military.away(turn, by_name[name], week) or duel.is_dead(by_name[name]):
                continue  # on campaign (or killed): no weekly action
            sheet = usable.get(name)
            order = sheet.action(week) if sheet else Rest("no orders")
            if clubs.needs_host(by_name[name], order):
                guests.append((name, order, sheet))  # after the members are in
                continue
            _act(turn, by_name[name], order, week, sheet)
        for name, order, sheet in guests:
            _act(turn, by_name[name], order, week, sheet)
        toadying.after_week(turn, week)
        mistresses.after_week(turn, week)
        duel.resolve_week(turn, week, rulings)  # the week's duels, then recovery from wounds
        duel.recover(turn, week)
    names = [name for name in names if not duel.is_dead(by_name[name])]  # killed this month

    # -- month end: the stated order of payments ---------------------------------------------
    # "While on campaign, characters continue to receive pay and allowances, but
    # do not have to pay out any money or keep track of Status Points."
    home = [name for name in names if not military.on_campaign(turn, name)]
    if settings.allowance == "month_end":
        for name in names:
            status.pay_allowance(turn, by_name[name], MONTH_END)
    for name in home:
        sheet = usable.get(name)
        status.pay_support(turn, by_name[name], bool(sheet and sheet.monthly.conspicuous_consumption))
    for name in home:
        clubs.pay_dues(turn, by_name[name])
    for name in home:
        clubs.monthly_status(turn, by_name[name])
    for name in names:
        clubs.count_down_bars(turn, by_name[name])
    for name in names:
        regiments.pay_and_status(turn, by_name[name])
    for name in names:
        regiments.horse_upkeep(turn, by_name[name])
    for name in names:
        regiments.brigade_status(turn, by_name[name])
    for name in names:
        appointments.month_end(turn, by_name[name])
    for name in names:
        titles.pension(turn, by_name[name])
    for name in home:
        mistresses.month_end(turn, by_name[name])
    for name in names:
        # A disgraced man on the Frontier pays his defaulted loans "when he is able".
        if name in home or by_name[name].state == DISGRACED:
            loans.month_end(turn, by_name[name])
    loans.unused_offers(turn)  # what lenders offered and no one borrowed lapses
    for name in home:
        companionship.month_end(turn, by_name[name])
    military.month_end(turn, home)  # the campaign fought; despatches, poltroonery, brevets
    for name in names:
        if not duel.is_dead(by_name[name]):
            titles.consider(turn, by_name[name])  # after the battle, whose results may qualify him
    for name in home:
        status.settle_social_level(turn, by_name[name])
    for name in names:
        regiments.check_rank_minimum(turn, by_name[name])
    regiments.yearly_brigade_majors(turn)
    for name in names:
        influence.expire_season_favours(turn, by_name[name])
    influence.unused_pledges(turn)
    for name in home:
        status.reset_status_points(turn, by_name[name])

    return MonthResult(month, working, turn.ledger, turn.events, turn.errors, list(dice.log[first_roll:]), turn.world)


def _act(turn: Turn, ch: Character, order: Order, week: int, sheet: OrderSheet | None) -> None:
    """One character's action for one week."""
    if regiments.duty_week(turn, ch, week):
        regiments.duty(turn, ch, week, displaced=order)
    elif isinstance(order, Rest):
        turn.event(EV_REST, week, ch.name, public=False, reason=order.reason)
    elif isinstance(order, Practise):
        practice.practise(turn, ch, order, week)
    elif isinstance(order, VisitClub):
        clubs.visit(turn, ch, order, week)
    elif isinstance(order, VisitBawdyhouse):
        bawdyhouse.visit(turn, ch, order, week)
    elif isinstance(order, Court):
        mistresses.court(turn, ch, order, week)
    elif isinstance(order, VisitMistress):
        mistresses.visit(turn, ch, order, week)
    elif isinstance(order, Borrow):
        loans.borrow(turn, ch, order, week)
    elif isinstance(order, Repay):
        loans.repay(turn, ch, order, week)
    elif isinstance(order, Volunteer):
        military.volunteer(turn, ch, order, week)
    elif isinstance(order, Petition):
        military.petition(turn, ch, order, week)
    elif isinstance(order, ApplyRegiment):
        regiments.apply(turn, ch, order, week)
    elif isinstance(order, BuyRank):
        regiments.buy_rank(turn, ch, order, week)
    elif isinstance(order, RegimentalDuty):
        regiments.duty(turn, ch, week)
    elif isinstance(order, ResignCommission):
        regiments.resign_commission(turn, ch, order, week)
    elif isinstance(order, SeekAppointment):
        appointments.seek(turn, ch, order, week)
    elif isinstance(order, UseInfluence):
        influence.pledge_week(turn, ch, order, week)
    elif isinstance(order, Challenge):
        duel.challenge(turn, ch, order, week)
    elif isinstance(order, AnswerChallenge):
        duel.answer(turn, ch, order, week)
    else:
        # An order the parser knows but no rules module resolves yet: the week
        # is wasted, and the GM and player are told.
        source = sheet.source if sheet else ch.name
        line = sheet.lines.get(week, 0) if sheet else 0
        turn.errors.append(ErrorRecord(
            source, line, E_NOT_YET,
            f"{ch.name}, week {week}: {order.kind!r} orders cannot be resolved yet; he rests",
        ))
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False,
                   order=order.kind, reason="not yet supported")

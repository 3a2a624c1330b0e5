"""d. Bawdyhouses: an evening in the red light district.

"Before beginning an evening at a bawdyhouse, all characters must state the
number of crowns they are bringing with them. Credit is not allowed."
"Female companionship costs crowns equal to the character's Social Level."
"Liquid refreshment is mandatory, costing crowns equal to the numerical value
of the character's Social Level."  (Liquid refreshment is carousing: "If a
player character purchases liquid refreshment at a club or bawdyhouse, he gains
a Status Point.")  "At the end of his visit, any character in the red light
district must roll one die to determine if he is set upon by footpads and
relieved of his money. This occurs on a roll of 6 on one die."

Gambling (``gambling.gamble``): "as outlined in the gambling rule, but without
house limit or house divisor. One Status Point is gained per win, and one lost
per loss or cut, but no points are gained for the total amount bet."  He bets
from the purse he brought (no credit), after his refreshment and companionship;
the footpads take what is left of it, winnings included.  Every visit records
his presence at the place "bawdyhouse" for the week.
"""

from __future__ import annotations

from .codes import EV_BAWDYHOUSE_VISIT, EV_FOOTPADS
from ...codes import EV_CANNOT_AFFORD
from .orders import VisitBawdyhouse
from ...records import Character
from ...turn import Turn
from ..companionship import rules as companionship
from ..gambling import rules as gambling

RULE_BAWDYHOUSE = "d. Bawdyhouses"
RULE_CAROUSING = "c. Carousing"
RULE_COMPANIONSHIP = "d. Female Companionship"
PLACE = "bawdyhouse"


def purse_for(turn: Turn, ch: Character, order: VisitBawdyhouse) -> int:
    """The crowns he brings: as stated, else the campaign's default; never more than he has."""
    tables = turn.tables.bawdyhouse
    cost = tables.refreshment_per_sl * ch.social_level + (
        tables.companionship_per_sl * ch.social_level if order.companionship else 0)
    if order.purse is not None:
        stated = order.purse
    elif tables.bawdyhouse_default_purse == "all":
        stated = ch.crowns
    else:
        # "cost": exactly the evening's refreshment and companionship, and the
        # stakes of the bets he ordered (Choice: a gambler's purse holds them).
        stated = cost + (order.gamble.bets * order.gamble.stake if order.gamble else 0)
    # "Credit is not allowed": the purse is capped at the crowns he has.
    return max(0, min(stated, ch.crowns))


def visit(turn: Turn, ch: Character, order: VisitBawdyhouse, week: int) -> bool:
    """Spend an evening at a bawdyhouse; True if he was let in."""
    tables = turn.tables.bawdyhouse
    sl = ch.social_level
    purse = purse_for(turn, ch, order)
    # Choice: refreshment is mandatory, so it is bought even if the order says
    # carouse=False.
    refreshment = tables.refreshment_per_sl * sl
    if purse < refreshment:
        # Choice: a purse that cannot pay the mandatory refreshment means he is
        # turned away at the door: no visit, no companionship, no footpads roll.
        turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False,
                   what="liquid refreshment at a bawdyhouse", cost=refreshment, had=purse)
        return False
    spent = 0
    turn.pay(ch, refreshment, week, f"liquid refreshment at a bawdyhouse (SL {sl} crowns)", RULE_BAWDYHOUSE)
    turn.post(ch, "status_points", tables.carousing_status, week, "caroused at a bawdyhouse", RULE_CAROUSING)
    spent += refreshment
    had_company = False
    if order.companionship:
        cost = tables.companionship_per_sl * sl
        if purse - spent >= cost:
            turn.pay(ch, cost, week, f"female companionship at a bawdyhouse (SL {sl} crowns)", RULE_BAWDYHOUSE)
            spent += cost
            had_company = True
            companionship.satisfy(turn, ch)
        else:
            # The purse covers the refreshment only.
            turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False,
                       what="female companionship", cost=cost, had=purse - spent)
    turn.be_at(week, PLACE, ch.name)
    turn.event(EV_BAWDYHOUSE_VISIT, week, ch.name, public=False,
               caroused=True, companionship=had_company, spent=spent)
    won = 0
    if order.gamble is not None:
        session = gambling.gamble(turn, ch, order.gamble, week, "a bawdyhouse", purse=purse - spent)
        won = session.net if session else 0
    left = purse - spent + won
    roll = turn.dice.d6(f"footpads: {ch.name} leaving the bawdyhouse, week {week} (robbed on a {tables.footpads_on})")
    if roll >= tables.footpads_on:
        # He loses what is left of the purse he brought, which may be nothing
        # (the event still says he was set upon; lost is 0).
        turn.post(ch, "crowns", -left, week, "robbed by footpads in the red light district", RULE_BAWDYHOUSE)
        turn.event(EV_FOOTPADS, week, ch.name, public=True, lost=left)
    return True

"""c. Clubs and c. Carousing: membership, visits, carousing, dues and status.

"A character may belong to only one club at a time, and may not visit a club
unless he is a member of that club or a guest of a member (see Toadying)."
"A character may resign from a club at any time without penalty, except for the
loss of the remainder of that month's dues if he resigns before the month is
over. Upon resigning, a player may not rejoin that club for three months, but
may immediately try to join a different one."  "Characters who meet the
requirements of a club are automatically made members on applying."
"Characters need not visit a club during a month to gain Status Points from
belonging, but must pay their dues in order to retain membership in good
standing."  "Visiting a club counts as an action."

Carousing: "If a player character purchases liquid refreshment at a club or
bawdyhouse, he gains a Status Point. Liquid refreshment costs Crowns equal in
number to the Social Level of the character. ... A player may carouse once a
week provided he visits a club or bawdyhouse that week."

The bar on rejoining is the counter ``club_barred.<rank>`` on the character
(ledger-visible): set to 3 when he resigns at month start, counted down by one
at each month end, and a join is refused while it is above 0.  Resigning at the
start of April thus bars him for April, May and June; he may rejoin in July.
"""

from __future__ import annotations

from ..calendar import MONTH_END, MONTH_START
from ..codes import (
    E_UNKNOWN_CLUB,
    EV_CANNOT_AFFORD,
    EV_CLUB_DUES_PAID,
    EV_CLUB_JOINED,
    EV_CLUB_LAPSED,
    EV_CLUB_REFUSED,
    EV_CLUB_RESIGNED,
    EV_CLUB_TURNED_AWAY,
    EV_CLUB_VISIT,
    EV_ORDER_REFUSED,
)
from ..orders import VisitClub
from ..records import Character, ErrorRecord
from ..tables import REJOIN_BAR_MONTHS, CLUBS, Club, club_by_name
from ..turn import Turn

RULE_CLUBS = "c. Clubs"
RULE_CAROUSING = "c. Carousing"

BAR_PREFIX = "club_barred."
HORSE_GUARDS_RANK = 3
HORSE_GUARDS_REFUSAL = "requires an officer of the Horse Guards Brigade"

FACT_DUES_PAID = "club_dues_paid"


def bar_field(club: Club) -> str:
    """The counter holding the months left before he may rejoin ``club``."""
    return f"{BAR_PREFIX}{club.rank}"


def club_of(turn: Turn, ch: Character) -> Club | None:
    """His club's table row, or None (no club, or a name the Clubs Table lacks)."""
    if not ch.club:
        return None
    club = club_by_name(ch.club)
    if club is None:
        error = ErrorRecord(
            ch.name, 0, E_UNKNOWN_CLUB,
            f"{ch.name} is recorded as a member of {ch.club!r}, which is not in the Clubs Table",
            "correct the character's club",
        )
        if error not in turn.errors:
            turn.errors.append(error)
    return club


# -- month start: the monthly orders ----------------------------------------------


def resign(turn: Turn, ch: Character) -> bool:
    """Resign from his club at month start; True if he did."""
    if not ch.club:
        turn.event(EV_ORDER_REFUSED, MONTH_START, ch.name, public=False,
                   order="resign from club", reason="not a member of any club")
        return False
    name = ch.club
    club = club_by_name(name)
    # Choice: dues are charged at month end, so a member who resigns owes
    # nothing further for the month; "loss of the remainder of that month's
    # dues" means there is no refund of dues already paid.
    turn.assign(ch, "club", None, MONTH_START, f"resigned from {name}", RULE_CLUBS)
    if club is not None:
        turn.post(ch, bar_field(club), REJOIN_BAR_MONTHS - ch.get(bar_field(club)), MONTH_START,
                  f"may not rejoin {club.name} for {REJOIN_BAR_MONTHS} months after resigning", RULE_CLUBS)
    turn.event(EV_CLUB_RESIGNED, MONTH_START, ch.name, public=True, club=name)
    return True


def join(turn: Turn, ch: Character, club_name: str) -> bool:
    """Apply to join a club at month start; True if he was made a member.

    "Characters who meet the requirements of a club are automatically made
    members on applying."  Run after ``resign`` when a sheet has both.
    """
    club = club_by_name(club_name)

    def refuse(reason: str) -> bool:
        turn.event(EV_CLUB_REFUSED, MONTH_START, ch.name, public=False,
                   club=club.name if club else club_name, reason=reason)
        return False

    if club is None:
        return refuse("no such club")
    if ch.club and club_by_name(ch.club) == club:
        return refuse(f"already a member of {club.name}")
    if ch.club:
        # "A character may belong to only one club at a time": he must resign first.
        return refuse(f"already a member of {ch.club} (one club at a time: resign first)")
    if ch.get(bar_field(club)) > 0:
        return refuse(f"resigned from {club.name} within the last {REJOIN_BAR_MONTHS} months")
    if club.min_social_level is None:
        # The Horse Guards: "Officer of Horse Guards Brigade".  There are no
        # regiments yet, so nobody meets it.
        return refuse(HORSE_GUARDS_REFUSAL)
    if ch.social_level < club.min_social_level:
        return refuse(f"requires {club.requirement}; SL {ch.social_level} is too low")
    turn.assign(ch, "club", club.name, MONTH_START,
                f"joined {club.name} ({club.requirement}; SL {ch.social_level})", RULE_CLUBS)
    turn.event(EV_CLUB_JOINED, MONTH_START, ch.name, public=True, club=club.name)
    return True


# -- the weeks: visits and carousing --------------------------------------------------


def visit(turn: Turn, ch: Character, order: VisitClub, week: int) -> bool:
    """Visit a club (his own if the order names none), carousing if ordered.

    True if he got in.  Only members may enter: a guest must come with a
    member, which is the toadying rules (a later issue), so a non-member is
    turned away and the week is wasted.  Companions are recorded in the event
    only (toadying effects are a later issue).
    """
    if order.club:
        club = club_by_name(order.club)
        if club is None:
            turn.event(EV_ORDER_REFUSED, week, ch.name, public=False,
                       order=order.describe(), reason=f"no club called {order.club!r}")
            return False
    else:
        club = club_of(turn, ch)
        if club is None:
            # No club to be turned away from: the order itself cannot be done.
            turn.event(EV_ORDER_REFUSED, week, ch.name, public=False,
                       order="Visit own club", reason="not a member of any club")
            return False
    if club_by_name(ch.club or "") != club:
        turn.event(EV_CLUB_TURNED_AWAY, week, ch.name, public=False,
                   club=club.name, reason=f"not a member of {club.name}")
        return False
    caroused = False
    if order.carouse:
        caroused = carouse(turn, ch, week, club.name)
    turn.event(EV_CLUB_VISIT, week, ch.name, public=True,
               club=club.name, caroused=caroused, companions=list(order.companions))
    return True


def carouse(turn: Turn, ch: Character, week: int, where: str) -> bool:
    """Buy liquid refreshment: SL crowns for +1 Status Point; True if he could pay."""
    cost = ch.social_level
    if not turn.pay(ch, cost, week, f"caroused at {where} (SL {cost} crowns)", RULE_CAROUSING):
        turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False, what="carousing", cost=cost, had=ch.crowns)
        return False
    turn.post(ch, "status_points", 1, week, f"caroused at {where}", RULE_CAROUSING)
    return True


# -- month end ----------------------------------------------------------------------------


def pay_dues(turn: Turn, ch: Character) -> bool:
    """Pay his club's dues at month end; unpaid, his membership lapses.

    A member who joined this month pays this month's dues.  True if he is a
    member in good standing afterwards.
    """
    club = club_of(turn, ch)
    if club is None:
        return False
    if turn.pay(ch, club.dues, MONTH_END, f"{club.name} dues for the month", RULE_CLUBS):
        turn.fact(ch.name)[FACT_DUES_PAID] = club.name
        turn.event(EV_CLUB_DUES_PAID, MONTH_END, ch.name, public=False, club=club.name, dues=club.dues)
        return True
    had = ch.crowns
    # Choice: dues are all or nothing (no credit); a lapse is not a
    # resignation, so it puts no bar on rejoining.
    turn.assign(ch, "club", None, MONTH_END, f"membership of {club.name} lapsed: dues of {club.dues} unpaid",
                RULE_CLUBS)
    turn.event(EV_CLUB_LAPSED, MONTH_END, ch.name, public=True, club=club.name, dues=club.dues, had=had)
    return False


def monthly_status(turn: Turn, ch: Character) -> int:
    """The Status Points a paid-up member gets each month; returns them.

    Only a member whose dues were paid this month (``pay_dues``) gets them; a
    member who resigned this month is no longer a member and gets none.
    """
    club = club_of(turn, ch)
    if club is None or turn.fact(ch.name).get(FACT_DUES_PAID) != club.name:
        return 0
    turn.post(ch, "status_points", club.status_per_month, MONTH_END,
              f"member of {club.name} ({club.status_per_month} status points a month)", RULE_CLUBS)
    return club.status_per_month


def count_down_bars(turn: Turn, ch: Character) -> None:
    """One month less on each bar on rejoining a club he resigned from."""
    for club in CLUBS:
        if ch.get(bar_field(club)) > 0:
            turn.post(ch, bar_field(club), -1, MONTH_END,
                      f"a month passed since resigning from {club.name}", RULE_CLUBS)

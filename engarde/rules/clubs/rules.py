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
week provided he visits a club or bawdyhouse that week."  "A character
carousing as the guest of a character of higher Social Level must pay a
carousing cost equal to that of his host."

Guests: a non-member enters only as the guest of a member who is at that club
that week and whom he names (``guest_of``, or among his companions) or who
names him among his companions (``find_host``).  The resolver lets members
arrive first (``needs_host``), then guests.  Toadying is ``rules.toadying``.
Every visit records presence at "club:<name>" (``Turn.be_at``); a visit may
bring his mistress (``rules.mistresses.bring_to_club``) and gamble
(``rules.gambling``, with the club's house limit, minimum and divisor).

The bar on rejoining is the counter ``club_barred.<rank>`` on the character
(ledger-visible): set to the campaign's ``rejoin_bar_months`` (the book's 3) when he
resigns at month start, counted down by one at each month end, and a join is refused
while it is above 0.  Resigning at the start of April thus bars him for April, May
and June; he may rejoin in July.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...calendar import MONTH_END, MONTH_START
from .codes import (
    E_UNKNOWN_CLUB,
    EV_CLUB_DUES_PAID,
    EV_CLUB_JOINED,
    EV_CLUB_LAPSED,
    EV_CLUB_REFUSED,
    EV_CLUB_RESIGNED,
    EV_CLUB_TURNED_AWAY,
    EV_CLUB_VISIT,
)
from ...codes import EV_CANNOT_AFFORD, EV_ORDER_REFUSED
from .orders import ClubOrders, VisitClub
from ...records import Character, ErrorRecord
from .tables import Club, ClubsTables
from ...tables import Tables
from ...turn import Turn
from ..gambling import rules as gambling
from ..mistresses import rules as mistresses

RULE_CLUBS = "c. Clubs"
RULE_CAROUSING = "c. Carousing"

BAR_PREFIX = "club_barred."
HORSE_GUARDS_RANK = 3
HORSE_GUARDS_REFUSAL = "requires an officer of the Horse Guards Brigade"

FACT_DUES_PAID = "club_dues_paid"
# week -> (host, club): he was a guest (toadying reads it after the week)
FACT_GUEST_OF = "club_guest_of"
# week -> the companions his club visit named (a host naming his guests)
FACT_COMPANIONS = "club_companions"


def bar_field(club: Club) -> str:
    """The counter holding the months left before he may rejoin ``club``."""
    return f"{BAR_PREFIX}{club.rank}"


def club_of(turn: Turn, ch: Character) -> Club | None:
    """His club's table row, or None (no club, or a name the Clubs Table lacks)."""
    if not ch.club:
        return None
    club = turn.tables.clubs.club(ch.club)
    if club is None:
        error = ErrorRecord(
            ch.name, 0, E_UNKNOWN_CLUB,
            f"{ch.name} is recorded as a member of {ch.club!r}, which is not in the Clubs Table",
            "correct the character's club",
        )
        if error not in turn.errors:
            turn.errors.append(error)
    return club


def requirement_unmet(tables: Tables, ch: Character, club: Club) -> str | None:
    """Why he does not meet the Clubs Table's requirements of ``club`` (None: he does).

    The Horse Guards (no Social Level: ``min_social_level`` None): "Officer of Horse Guards
    Brigade", a Subaltern or above of a regiment of that brigade (Regimental Table C).
    Used by ``join`` and by toadying's "the highest club he is able to join"."""
    if club.min_social_level is None:
        reg = tables.regiments.regiment(ch.regiment) if ch.regiment else None
        if reg is None or reg.brigade != "Horse Guards Brigade" or ch.rank in (None, "Private"):
            return HORSE_GUARDS_REFUSAL
        return None
    if ch.social_level < club.min_social_level:
        return f"requires {club.requirement}; SL {ch.social_level} is too low"
    return None


# -- month start: the monthly orders ----------------------------------------------


def resign(turn: Turn, ch: Character) -> bool:
    """Resign from his club at month start; True if he did."""
    if not ch.club:
        turn.event(EV_ORDER_REFUSED, MONTH_START, ch.name, public=False,
                   order="resign from club", reason="not a member of any club")
        return False
    name = ch.club
    tables = turn.tables.clubs
    club = tables.club(name)
    # Choice: dues are charged at month end, so a member who resigns owes
    # nothing further for the month; "loss of the remainder of that month's
    # dues" means there is no refund of dues already paid.
    turn.assign(ch, "club", None, MONTH_START, f"resigned from {name}", RULE_CLUBS)
    if club is not None:
        months = tables.rejoin_bar_months
        turn.post(ch, bar_field(club), months - ch.get(bar_field(club)), MONTH_START,
                  f"may not rejoin {club.name} for {months} months after resigning", RULE_CLUBS)
    turn.event(EV_CLUB_RESIGNED, MONTH_START, ch.name, public=True, club=name)
    return True


def join(turn: Turn, ch: Character, club_name: str) -> bool:
    """Apply to join a club at month start; True if he was made a member.

    "Characters who meet the requirements of a club are automatically made
    members on applying."  Run after ``resign`` when a sheet has both.
    """
    tables = turn.tables.clubs
    club = tables.club(club_name)

    def refuse(reason: str) -> bool:
        turn.event(EV_CLUB_REFUSED, MONTH_START, ch.name, public=False,
                   club=club.name if club else club_name, reason=reason)
        return False

    if club is None:
        return refuse("no such club")
    if ch.club and tables.club(ch.club) == club:
        return refuse(f"already a member of {club.name}")
    if ch.club:
        # "A character may belong to only one club at a time": he must resign first.
        return refuse(f"already a member of {ch.club} (one club at a time: resign first)")
    if ch.get(bar_field(club)) > 0:
        return refuse(f"resigned from {club.name} within the last {tables.rejoin_bar_months} months")
    unmet = requirement_unmet(turn.tables, ch, club)
    if unmet:
        return refuse(unmet)
    turn.assign(ch, "club", club.name, MONTH_START,
                f"joined {club.name} ({club.requirement}; SL {ch.social_level})", RULE_CLUBS)
    turn.event(EV_CLUB_JOINED, MONTH_START, ch.name, public=True, club=club.name)
    return True


# -- the weeks: visits and carousing --------------------------------------------------


def club_place(club: Club) -> str:
    """The club's key in ``Turn.whereabouts``."""
    return f"club:{club.name}"


def _key(text: str) -> str:
    """A name as a player may write it: any case, any spacing."""
    return " ".join(text.split()).casefold()


# Turn.memo keys: the crowd at each club each week, indexed as it arrives (see ``_Crowd``), and
# the characters by the spelling a player may give them.
_CROWDS = "clubs.crowds"
_NAMES = "clubs.names"


@dataclass
class _Crowd:
    """Who is at one club in one week, indexed for finding hosts: a crowded club is searched
    for each guest, and walking it every time made a large campaign's month quadratic.
    In arrival order, so the first match is the one a walk down the crowd finds; membership
    is asked when a guest looks (a man can lose it during the week)."""

    seen: int = 0                                                     # arrivals indexed
    by_name: dict[str, list[str]] = field(default_factory=dict)      # key -> those present
    named_by: dict[str, list[str]] = field(default_factory=dict)     # key -> those naming him


def _crowd(turn: Turn, club: Club, week: int) -> _Crowd:
    crowds: dict[tuple[int, str], _Crowd] = turn.memo.setdefault(_CROWDS, {})
    crowd = crowds.setdefault((week, club.name), _Crowd())
    present = turn.whereabouts.get(week, {}).get(club_place(club), [])
    for name in present[crowd.seen:]:
        crowd.by_name.setdefault(_key(name), []).append(name)
        # his companions are recorded as he arrives (``visit``), before a later guest looks
        for companion in dict.fromkeys(_key(c) for c in turn.fact(name).get(FACT_COMPANIONS, {}).get(week, ())):
            crowd.named_by.setdefault(companion, []).append(name)
    crowd.seen = len(present)
    return crowd


def _first_member(turn: Turn, names: list[str], club: Club) -> str | None:
    tables = turn.tables.clubs
    return next((n for n in names if tables.club(turn.characters[n].club or "") == club), None)


def _named(turn: Turn, text: str) -> list[str]:
    """The characters a player's text names (any case or spacing); the index is made once a
    month (no character is added during one)."""
    index = turn.memo.get(_NAMES)
    if index is None:
        index = turn.memo[_NAMES] = {}
        for name in turn.characters:
            index.setdefault(_key(name), []).append(name)
    return index.get(_key(text), [])


def _target(turn: Turn, ch: Character, order: VisitClub, week: int) -> Club | None:
    """The club the order means, or None after refusing it: the club named; with
    none named, his host's (``guest_of``: wherever his host is this week) or else
    his own."""
    tables = turn.tables.clubs
    if order.club:
        club = tables.club(order.club)
        if club is None:
            turn.event(EV_ORDER_REFUSED, week, ch.name, public=False,
                       order=order.describe(), reason=f"no club called {order.club!r}")
        return club
    if order.guest_of:
        where = {p for name in _named(turn, order.guest_of) for p in turn.places_of(week, name)}
        # the first place of the week he is at, as a walk down the week's places finds it
        for place in turn.whereabouts.get(week, {}):
            if place in where and place.startswith("club:"):
                return tables.club(place[len("club:"):])
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False, order=order.describe(),
                   reason=f"{order.guest_of} was at no club that week")
        return None
    club = club_of(turn, ch)
    if club is None:
        # No club to be turned away from: the order itself cannot be done.
        turn.event(EV_ORDER_REFUSED, week, ch.name, public=False,
                   order="Visit own club", reason="not a member of any club")
    return club


def needs_host(tables: ClubsTables, ch: Character, order: VisitClub) -> bool:
    """True for a visit to a club he is not a member of: he can enter only as a guest,
    so the resolver lets the week's members arrive first (``visit`` then finds his host).
    Its one caller, ``guest_waits``, is the action of VisitClub orders only."""
    if not order.club:
        return bool(order.guest_of)  # his host's club, wherever the host goes
    club = tables.club(order.club)
    return club is not None and tables.club(ch.club or "") != club


def find_host(turn: Turn, ch: Character, order: VisitClub, club: Club, week: int) -> str | None:
    """The member who takes him in as his guest this week, or None.

    "may not visit a club unless he is a member of that club or a guest of a
    member".  Choice: a member of that club, at that club that week, whom he
    names (``guest_of`` or a companion) or who names him among his companions.
    The one he names first wins; else the first member present who named him.
    """
    crowd = _crowd(turn, club, week)
    named = ([order.guest_of] if order.guest_of else []) + list(order.companions)
    for text in named:
        if (host := _first_member(turn, crowd.by_name.get(_key(text), []), club)) is not None:
            return host
    return _first_member(turn, crowd.named_by.get(_key(ch.name), []), club)


def visit(turn: Turn, ch: Character, order: VisitClub, week: int) -> bool:
    """Visit a club (his own if the order names none), as a member or as a guest.

    True if he got in.  A non-member gets in only as the guest of a member who
    is there that week (``find_host``; the resolver runs guests after members);
    otherwise he is turned away and the week is wasted.  Once in: carousing
    (a guest of a higher host pays the host's cost), a mistress he brings
    (``mistresses.bring_to_club``), gambling (``gambling.gamble`` with the
    club's limit and divisor).  Toadying is settled after the week
    (``toadying.after_week``) from the guest record made here.
    """
    club = _target(turn, ch, order, week)
    if club is None:
        return False
    host: Character | None = None
    if turn.tables.clubs.club(ch.club or "") != club:
        host_name = find_host(turn, ch, order, club, week)
        if host_name is None:
            reason = f"not a member of {club.name}"
            named = ([order.guest_of] if order.guest_of else []) + list(order.companions)
            if named:
                reason += f", and no member there took him in as a guest ({', '.join(named)})"
            turn.event(EV_CLUB_TURNED_AWAY, week, ch.name, public=False, club=club.name, reason=reason)
            return False
        host = turn.characters[host_name]
        turn.fact(ch.name).setdefault(FACT_GUEST_OF, {})[week] = (host.name, club.name)
    turn.be_at(week, club_place(club), ch.name)
    turn.fact(ch.name).setdefault(FACT_COMPANIONS, {})[week] = tuple(order.companions)
    caroused = False
    if order.carouse:
        # "A character carousing as the guest of a character of higher Social Level
        # must pay a carousing cost equal to that of his host."
        higher = host if host is not None and host.social_level > ch.social_level else None
        caroused = carouse(turn, ch, week, club.name, host=higher)
    # "Mistresses accompanying their lovers to a club count in lieu of the monthly visit."
    if order.with_mistress or any(
            mistresses.is_his_mistress(turn, ch, c) for c in order.companions):
        mistresses.bring_to_club(turn, ch, week, club.name)
    data = {"club": club.name, "caroused": caroused, "companions": list(order.companions)}
    if host is not None:
        data["guest_of"] = host.name
    turn.event(EV_CLUB_VISIT, week, ch.name, public=True, **data)
    if order.gamble is not None:
        gambling.gamble(turn, ch, order.gamble, week, club.name, house_limit=club.house_limit,
                        house_minimum=club.house_minimum, divisor=club.gambling_divisor)
    return True


def carouse(turn: Turn, ch: Character, week: int, where: str, host: Character | None = None) -> bool:
    """Buy liquid refreshment: SL crowns (or, as the guest of ``host``, his host's SL) for +1
    Status Point (the campaign's ``carousing_per_sl`` and ``carousing_status``).

    True if he could pay.
    """
    tables = turn.tables.clubs
    per_sl = tables.carousing_per_sl
    sl = host.social_level if host is not None else ch.social_level
    cost = per_sl * sl
    rate = f"SL {sl}" if per_sl == 1 else f"{per_sl} × SL {sl}"
    if host is None:
        text = f"caroused at {where} ({rate} crowns)"
    else:
        text = f"caroused at {where} as the guest of {host.name} (his host's {rate} crowns)"
    if not turn.pay(ch, cost, week, text, RULE_CAROUSING):
        turn.event(EV_CANNOT_AFFORD, week, ch.name, public=False, what="carousing", cost=cost, had=ch.crowns)
        return False
    turn.post(ch, "status_points", tables.carousing_status, week, f"caroused at {where}", RULE_CAROUSING)
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
    for club in turn.tables.clubs.clubs:
        if ch.get(bar_field(club)) > 0:
            turn.post(ch, bar_field(club), -1, MONTH_END,
                      f"a month passed since resigning from {club.name}", RULE_CLUBS)


# -- its steps in the month (their order: engarde.rules.MONTH) -------------------------------


def resign_step(turn: Turn, ch: Character) -> None:
    sheet = turn.sheet(ch.name)
    if sheet and sheet.monthly.of(ClubOrders).resign_club:
        resign(turn, ch)


def join_step(turn: Turn, ch: Character) -> None:
    sheet = turn.sheet(ch.name)
    club = sheet.monthly.of(ClubOrders).join_club if sheet else None
    if club:
        join(turn, ch, club)


def guest_waits(turn: Turn, ch: Character, order: VisitClub) -> bool:
    """A guest comes after the week's members (his host), who are there first."""
    return needs_host(turn.tables.clubs, ch, order)

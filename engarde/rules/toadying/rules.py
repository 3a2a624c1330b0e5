"""c. Toadying: guests at a club and their hosts.

"If a character is taken as a guest to a club, he receives Status Points equal
to the difference in rank between the highest club he is able to join (not
necessarily the highest he has joined) and the one he is guest at (Club
rankings are found on the Club Table).  If a character visits a club with a
character of a higher Social Level, he receives Status Points equal to one half
the difference in their Social Levels. The higher level character receives (or
loses) Status Points based upon the difference in Social Level between himself
and his guest; consult the Toady Table. Points are determined for each guest
separately."

Toady Table (difference in Social Level: status points): 0-3: +1, 4-6: 0,
7-8: -1, 9-10: -2, 11+: -3.

Settled by ``after_week`` once every character's action of the week is done,
from the guest records ``clubs.visit`` makes (a guest is admitted only if his
host is there).  Carousing, with the guest paying a higher host's cost, is in
``clubs.carouse``.

Choices:
- Toadying is between a guest and his host; two members who go together are
  not host and guest ("his guest"), and gain nothing by it.
- The club-rank points are never negative: a guest who could join a better club
  than his host's gains none.  "Able to join" is by the Clubs Table's
  requirements (``clubs.requirement_unmet``: the Horse Guards for an officer of
  its brigade; a bar on rejoining after a resignation does not count); with no
  club open to him, his rank is 7 ("No club").
- The half difference drops fractions (the example: "14 - 4 = 10 / 2 = 5").
- The lower of the two gets the half difference and the higher the Toady Table,
  whichever of them is the host; at equal Social Level (the table's "0") the
  host gets the Toady Table's +1 and the guest nothing.
"""

from __future__ import annotations

from .codes import EV_TOADYING
from ...records import Character
from ..clubs.tables import Club
from ...tables import Tables
from ...turn import Turn
from ..clubs.rules import FACT_GUEST_OF, club_place, requirement_unmet

RULE_TOADYING = "c. Toadying"


def best_club_open_to(tables: Tables, ch: Character) -> Club | None:
    """The highest-ranked club of the campaign's Clubs Table whose requirements he meets
    (None: none): the Horse Guards for an officer of that brigade, whatever his Social Level."""
    for club in sorted(tables.clubs.clubs, key=lambda c: c.rank):
        if requirement_unmet(tables, ch, club) is None:
            return club
    return None


def rank_points(tables: Tables, guest: Character, club: Club) -> int:
    """The guest's points for the club he is taken to (``tables``: the campaign's, for its
    Clubs Table and its toadying numbers)."""
    best = best_club_open_to(tables, guest)
    best_rank = best.rank if best else tables.clubs.no_club_rank
    return tables.toadying.points_per_club_rank * max(0, best_rank - club.rank)


def after_week(turn: Turn, week: int) -> None:
    """Every guest of the week (in name order) and his host gain or lose their points."""
    for name in sorted(turn.characters):
        record = turn.fact(name).get(FACT_GUEST_OF, {}).get(week)
        if not record:
            continue
        host_name, club_name = record
        club = turn.tables.clubs.club(club_name)
        here = turn.present(week, club_place(club)) if club else []
        if club is None or name not in here or host_name not in here:
            continue
        settle(turn, turn.characters[name], turn.characters[host_name], club, week)


def settle(turn: Turn, guest: Character, host: Character, club: Club, week: int) -> tuple[int, int]:
    """One guest and his host; returns (the guest's points, the host's points)."""
    tables = turn.tables.toadying
    best = best_club_open_to(turn.tables, guest)
    ranks = rank_points(turn.tables, guest, club)
    guest_points = host_points = 0
    if ranks:
        guest_points += ranks
        best_text = f"{best.name} (rank {best.rank})" if best else f"no club (rank {turn.tables.clubs.no_club_rank})"
        turn.post(guest, "status_points", ranks, week,
                  f"guest of {host.name} at {club.name} (rank {club.rank}); the best club open to him is "
                  f"{best_text}", RULE_TOADYING)
    diff = abs(host.social_level - guest.social_level)
    higher, lower = (host, guest) if host.social_level >= guest.social_level else (guest, host)
    divisor = tables.social_level_divisor
    half = diff // divisor
    if half:
        share = "half" if divisor == 2 else f"1/{divisor}"
        turn.post(lower, "status_points", half, week,
                  f"seen at {club.name} with {higher.name}, SL {higher.social_level}: {share} of "
                  f"{higher.social_level} - {lower.social_level}", RULE_TOADYING)
    points = tables.toady_points(diff)
    if points:
        turn.post(higher, "status_points", points, week,
                  f"seen at {club.name} with {lower.name}, SL {lower.social_level} "
                  f"(Toady Table, difference {diff})", RULE_TOADYING)
    if lower is guest:
        guest_points += half
        host_points += points
    else:
        host_points += half
        guest_points += points
    turn.event(EV_TOADYING, week, (guest.name, host.name), public=False, club=club.name, guest=guest.name,
               host=host.name, guest_points=guest_points, host_points=host_points, club_ranks=ranks)
    return guest_points, host_points

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
from the week's whereabouts and the guest records ``clubs.visit`` makes (a guest
is admitted only if his host is there).  Carousing, with the guest paying a
higher host's cost, is in ``clubs.carouse``.

Choices:
- "If a character visits a club with a character of a higher Social Level":
  by default (the campaign's ``toadying_company`` setting, "present") every two
  men at the same club in the same week, of different Social Levels, are in
  each other's company, whoever brought whom: the lower gets half the
  difference, the higher the Toady Table, for each pair ("Points are determined
  for each guest separately"), so a man seen with two betters gains from each.
  The pairs are counted by Social Level and written as one ledger entry (and one
  report line) for a man's betters and one for his inferiors, naming three of a
  level and counting the rest: a large campaign has hundreds at a club in a week,
  and a pair a line would make the month quadratic and the report unreadable.
  Two men of equal Social Level of whom neither is the other's guest gain
  nothing (neither is "of a higher Social Level").  The club-rank points are a
  guest's only ("taken as a guest to a club").  With "host", the company counts
  only between a guest and his host, and two members who go together gain
  nothing.
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

from dataclasses import dataclass
from typing import Any

from .codes import EV_TOADY_COMPANY, EV_TOADYING
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
    """Every guest of the week (in name order) and his host gain or lose their points; with
    the "present" reading, then every other two men at a club together (club by rank, pairs
    by name)."""
    hosts: dict[str, str] = {}  # guest -> his host, both at the club that week
    for name in sorted(turn.characters):
        record = turn.fact(name).get(FACT_GUEST_OF, {}).get(week)
        if not record:
            continue
        host_name, club_name = record
        club = turn.tables.clubs.club(club_name)
        if club is None or not (turn.is_at(week, club_place(club), name)
                                and turn.is_at(week, club_place(club), host_name)):
            continue
        hosts[name] = host_name
        settle(turn, turn.characters[name], turn.characters[host_name], club, week)
    if turn.tables.toadying.toadying_company != "present":
        return
    for club in sorted(turn.tables.clubs.clubs, key=lambda c: c.rank):
        here = sorted(n for n in turn.present(week, club_place(club)) if n in turn.characters)
        if len(here) > 1:
            keep_company(turn, [turn.characters[n] for n in here], hosts, club, week)


def _social_level_points(turn: Turn, a: Character, b: Character, club: Club, week: int
                         ) -> tuple[Character, Character, int, int]:
    """The lower of ``a`` and ``b`` gets half the difference, the higher the Toady Table (at
    equal Social Level ``a`` counts as the higher); returns (higher, lower, his, his)."""
    tables = turn.tables.toadying
    diff = abs(a.social_level - b.social_level)
    higher, lower = (a, b) if a.social_level >= b.social_level else (b, a)
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
    return higher, lower, points, half


# How many names of one Social Level a ledger reason or a report line gives before "and N others".
NAMES_SHOWN = 3


@dataclass(frozen=True)
class Company:
    """The men of one Social Level a man was seen with at a club in a week (his host and his
    guests apart): how many, the first few names, and the points each brought him."""

    level: int
    count: int
    names: tuple[str, ...]
    each: int

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "count": self.count, "names": list(self.names), "each": self.each}

    def who(self) -> str:
        more = self.count - len(self.names)
        shown = list(self.names) + ([f"{more} other{'s' if more > 1 else ''}"] if more else [])
        return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]


def keep_company(turn: Turn, men: list[Character], hosts: dict[str, str], club: Club, week: int) -> None:
    """Every man at ``club`` in ``week`` (in name order) and all the others there, host and
    guest apart (settled as such): "If a character visits a club with a character of a higher
    Social Level" he gets half the difference from each better, and each better the Toady
    Table for him; none at equal Social Level.  Counted by Social Level, not pair by pair, and
    written as one entry for his betters and one for his inferiors: a large campaign has
    hundreds at one club in a week."""
    tables = turn.tables.toadying
    by_level: dict[int, list[Character]] = {}
    for ch in men:
        by_level.setdefault(ch.social_level, []).append(ch)
    levels = sorted(by_level, reverse=True)
    level_of = {ch.name: ch.social_level for ch in men}
    guests: dict[str, set[str]] = {}
    for guest, host in hosts.items():
        guests.setdefault(host, set()).add(guest)
    for ch in men:
        apart = guests.get(ch.name, set()) | ({hosts[ch.name]} if ch.name in hosts else set())
        betters, inferiors = [], []
        for level in levels:
            if level == ch.social_level:
                continue
            count, names = _seen(by_level[level], {n for n in apart if level_of.get(n) == level})
            if not count:
                continue
            if level > ch.social_level:
                betters.append(Company(level, count, names, (level - ch.social_level) // tables.social_level_divisor))
            else:
                inferiors.append(Company(level, count, names, tables.toady_points(ch.social_level - level)))
        betters = [c for c in betters if c.each]  # a level that brings nothing is not news
        inferiors = [c for c in inferiors if c.each]
        from_betters = sum(c.count * c.each for c in betters)
        from_inferiors = sum(c.count * c.each for c in inferiors)
        if from_betters:
            turn.post(ch, "status_points", from_betters, week, _betters_reason(ch, club, betters, tables),
                      RULE_TOADYING)
        if from_inferiors:
            turn.post(ch, "status_points", from_inferiors, week, _inferiors_reason(ch, club, inferiors), RULE_TOADYING)
        if from_betters or from_inferiors:  # a campaign's tables may make the company worth nothing: then it says nothing
            turn.event(EV_TOADY_COMPANY, week, (ch.name,), public=False, club=club.name,
                       betters=[c.to_dict() for c in betters], inferiors=[c.to_dict() for c in inferiors],
                       better_points=from_betters, inferior_points=from_inferiors)


def _seen(level: list[Character], apart: set[str]) -> tuple[int, tuple[str, ...]]:
    """How many of one Social Level he was seen with, and the first names: ``apart``, his host
    and guests of that level, are not counted (looked at name by name only as far as the names
    shown: a club of hundreds stays linear)."""
    count = len(level) - len(apart)
    names = []
    for ch in level:
        if len(names) == NAMES_SHOWN:
            break
        if ch.name not in apart:
            names.append(ch.name)
    return count, tuple(names)


def _betters_reason(ch: Character, club: Club, betters: list[Company], tables: Any) -> str:
    divisor = tables.social_level_divisor
    share = "half" if divisor == 2 else f"1/{divisor}"
    if len(betters) == 1 and betters[0].count == 1:
        (c,) = betters
        return f"seen at {club.name} with {c.who()}, SL {c.level}: {share} of {c.level} - {ch.social_level}"
    groups = "; ".join(f"{c.who()}, SL {c.level} ({share} of {c.level} - {ch.social_level} = {c.each}"
                       f"{' each' if c.count > 1 else ''})" for c in betters)
    return f"seen at {club.name} with {groups}"


def _inferiors_reason(ch: Character, club: Club, inferiors: list[Company]) -> str:
    if len(inferiors) == 1 and inferiors[0].count == 1:
        (c,) = inferiors
        return f"seen at {club.name} with {c.who()}, SL {c.level} (Toady Table, difference {ch.social_level - c.level})"
    groups = "; ".join(f"{c.who()}, SL {c.level} (difference {ch.social_level - c.level}: {c.each:+d}"
                       f"{' each' if c.count > 1 else ''})" for c in inferiors)
    return f"seen at {club.name} with {groups} (Toady Table)"


def settle(turn: Turn, guest: Character, host: Character, club: Club, week: int) -> tuple[int, int]:
    """One guest and his host; returns (the guest's points, the host's points)."""
    best = best_club_open_to(turn.tables, guest)
    ranks = rank_points(turn.tables, guest, club)
    guest_points = host_points = 0
    if ranks:
        guest_points += ranks
        best_text = f"{best.name} (rank {best.rank})" if best else f"no club (rank {turn.tables.clubs.no_club_rank})"
        turn.post(guest, "status_points", ranks, week,
                  f"guest of {host.name} at {club.name} (rank {club.rank}); the best club open to him is "
                  f"{best_text}", RULE_TOADYING)
    higher, lower, points, half = _social_level_points(turn, host, guest, club, week)
    if lower is guest:
        guest_points += half
        host_points += points
    else:
        host_points += half
        guest_points += points
    turn.event(EV_TOADYING, week, (guest.name, host.name), public=False, club=club.name, guest=guest.name,
               host=host.name, guest_points=guest_points, host_points=host_points, club_ranks=ranks)
    return guest_points, host_points

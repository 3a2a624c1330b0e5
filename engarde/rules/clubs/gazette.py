"""c. Clubs in the gazette: membership news, who was seen at each club each week, and the table
of the clubs' members."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...records import Character, Event
from .codes import EV_CLUB_VISIT
from .tables import ClubsTables


@dataclass
class ClubVisits:
    """Who was seen at one club in one week (gathered from club-visit events)."""

    club: str
    week: int
    visitors: list[str] = field(default_factory=list)
    carousers: list[str] = field(default_factory=list)
    # companions named in the events who have no visit of their own
    companions: list[str] = field(default_factory=list)


def club_visits(tables: ClubsTables, events: Iterable[Event]) -> list[ClubVisits]:
    """Group public club-visit events by club and week, the clubs in the order of the
    campaign's Clubs Table (a club it lacks comes after them, as "No club")."""
    groups: dict[tuple[str, int], ClubVisits] = {}
    named: dict[tuple[str, int], list[str]] = {}
    for ev in events:
        if not ev.public or ev.code != EV_CLUB_VISIT:
            continue
        key = (str(ev.data["club"]), ev.week)
        group = groups.setdefault(key, ClubVisits(club=key[0], week=ev.week))
        for who in ev.characters:
            if who not in group.visitors:
                group.visitors.append(who)
            if ev.data.get("caroused") and who not in group.carousers:
                group.carousers.append(who)
        for companion in ev.data.get("companions") or ():
            named.setdefault(key, [])
            if companion not in named[key]:
                named[key].append(companion)
    for key, group in groups.items():
        group.companions = [c for c in named.get(key, []) if c not in group.visitors]
    return [groups[k] for k in sorted(groups, key=lambda k: (tables.rank_of(k[0]), k[0], k[1]))]


def section(page: Any) -> dict[str, Any]:
    """The Clubs: joins, resignations and lapses; the week's visits, club by club."""
    tables: ClubsTables = page.data.modules().tables.clubs
    return {"club_news": page.section("clubs"), "club_visits": club_visits(tables, page.public),
            "clubs": tables.clubs}


@dataclass
class ClubMembers:
    """One club's living members, by social level then name (a public fact: the porters know)."""

    club: str
    members: list[str] = field(default_factory=list)


def club_members(tables: ClubsTables, characters: Iterable[Character]) -> list[ClubMembers]:
    """Every club of the campaign's Clubs Table (a club a member names that it lacks after them),
    each with its living members; one pass over the characters."""
    clubs = {club.name: ClubMembers(club.name) for club in tables.clubs}
    for ch in sorted((c for c in characters if c.club and not c.dead),
                     key=lambda c: (-c.social_level, c.name.casefold(), c.name)):
        known = tables.club(ch.club)
        name = known.name if known is not None else ch.club
        clubs.setdefault(name, ClubMembers(name)).members.append(ch.name)
    return sorted(clubs.values(), key=lambda c: (tables.rank_of(c.club), c.club))


def members(page: Any) -> dict[str, Any]:
    """The clubs' table: each club's members."""
    return {"club_members": club_members(page.data.modules().tables.clubs, page.characters)}

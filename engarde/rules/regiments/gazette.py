"""g. Regiments in the gazette: the table of the regiments, each organised regiment's officers
post by post (its vacancies said), and the characters serving in it below Captain."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ...records import Character
from ...world import World
from .tables import REGIMENT_ESTABLISHMENT, RegimentsTables


@dataclass
class Post:
    rank: str
    name: str | None  # None: vacant
    player: bool = False
    detached: str | None = None  # serving elsewhere (Brigade Major, a brevet)


@dataclass
class RegimentRoll:
    """One organised regiment as the gazette prints it."""

    name: str
    brigade: str | None
    cavalry: bool
    posts: list[Post] = field(default_factory=list)
    juniors: list[Post] = field(default_factory=list)  # characters serving as Subaltern or Private

    @property
    def colonel(self) -> Post | None:
        return self.posts[0] if self.posts else None

    @property
    def vacancies(self) -> list[str]:
        """The vacant posts, a rank's counted: ["Major", "3 Captains"]."""
        counts: dict[str, int] = {}
        for p in self.posts:
            if p.name is None:
                counts[p.rank] = counts.get(p.rank, 0) + 1
        return [rank if n == 1 else f"{n} {rank}s" for rank, n in counts.items()]


def regiment_rolls(tables: RegimentsTables, world: World, characters: Iterable[Character]) -> list[RegimentRoll]:
    """Every organised regiment, in Regimental Table A's order, with its ten posts and its
    characters below Captain; one pass over the characters."""
    juniors: dict[str, list[Post]] = {}
    for ch in sorted((c for c in characters if c.regiment and not c.dead and c.rank in ("Subaltern", "Private")),
                     key=lambda c: (c.rank != "Subaltern", c.name.casefold(), c.name)):
        info = tables.regiment(ch.regiment)
        juniors.setdefault(info.name if info else ch.regiment, []).append(Post(ch.rank, ch.name, True))
    rolls = []
    for info in tables.regiments:
        reg = world.regiment(info.name)
        if reg is None:
            continue  # not organised yet: it has no roster
        posts = [Post(REGIMENT_ESTABLISHMENT[i] if i < len(REGIMENT_ESTABLISHMENT) else "Officer",
                      o.name, o.player, o.detached) for i, o in enumerate(reg.officers)]
        rolls.append(RegimentRoll(info.name, info.brigade, info.cavalry, posts, juniors.get(info.name, [])))
    return rolls


def table(page: Any) -> dict[str, Any]:
    """The regiments' table."""
    tables: RegimentsTables = page.data.modules().tables.regiments
    return {"regiment_rolls": regiment_rolls(tables, page.data.facts.world, page.characters)}

"""The secrets' part of the world: every secret told in the campaign and every copy of it.

A secret is about one character, lies in one of four areas (the suits of the social-conflict
cards: hearts for the heart's affairs, diamonds for money, clubs for power, spades for force)
and has a value.  It exists as copies: the original card, and the copies made from it (a copy
sold at a gala is worth one less than the card it was copied from).  Every copy knows the copy
it was made from and who passed it on, so a secret's travels can be followed back to where it
came into the world.  A copy is held by a character, or lies on one of the campaign's piles
(gossip, safe: the gossip house rule's).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Mapping

# The four areas, as the cards' suits, with what each covers (social-conflict-cards.txt).
AREAS = {"hearts": "sexuality", "diamonds": "money", "clubs": "power", "spades": "force"}
# The piles a copy may lie on instead of a character's hand (gossip-and-raids.en.txt).
GOSSIP = "(gossip)"
SAFE = "(safe)"
PILES = (GOSSIP, SAFE)
# How a card says the GM's own hand put it where it is (``engarde secrets add``/``give``): what
# ``turn undo`` keeps of what was done since the month (``undo.py``).  No rule writes these.
GM_HOW = "put into play by the GM"
GM_GIVE = "given by the GM"


@dataclass
class Secret:
    id: int
    about: str          # the character it concerns
    area: str           # hearts | diamonds | clubs | spades
    value: int          # the value of the original card
    text: str           # what it says, as the gazette would print it
    origin: str         # how it came into the world ("found in the library at the Duc's gala")
    month: str          # the game month it came into the world (GameMonth.key)
    true: bool = True   # False: a rumour somebody made up (author says who)
    author: str | None = None
    revealed: str | None = None  # the month it was told to all (its copies then discarded)


@dataclass
class Copy:
    id: int
    secret: int         # the Secret's id
    holder: str         # a character's name, or GOSSIP / SAFE
    value: int          # what this copy is worth (the original's value, or one less than its source)
    source: int | None  # the copy it was made from; None: the original card
    given_by: str | None  # who passed it on (sold, told); None: its holder came by it himself
    how: str            # how its holder came by it ("bought at the gala", "overheard in a conflict")
    month: str


@dataclass
class SecretsState:
    secrets: dict[int, Secret] = field(default_factory=dict)
    copies: dict[int, Copy] = field(default_factory=dict)
    next_secret_id: int = 1
    next_copy_id: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "secrets": [asdict(s) for s in self.secrets.values()],
            "copies": [asdict(c) for c in self.copies.values()],
            "next_secret_id": self.next_secret_id,
            "next_copy_id": self.next_copy_id,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "SecretsState":
        data = data or {}
        secrets = {s["id"]: Secret(**s) for s in data.get("secrets", ())}
        copies = {c["id"]: Copy(**c) for c in data.get("copies", ())}
        return cls(secrets, copies, data.get("next_secret_id", 1), data.get("next_copy_id", 1))

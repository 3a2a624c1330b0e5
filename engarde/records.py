"""Plain domain records: characters, ledger entries, events and error records.

These are what the rules modules take and return.  They know nothing of the
database (``engarde.store`` converts them) so that the rules stay pure.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from .calendar import GameMonth, week_label

# Values that only the ledger may change.  A field name with a dot is a keyed
# counter: ``practice.rapier`` counts weeks of rapier practice toward the next
# point, ``expertise.rapier`` the points gained with the rapier beyond the base.
NUMERIC_FIELDS = (
    "social_level",
    "status_points",
    "crowns",
    "strength",
    "constitution",
    "expertise",
    "endurance",
    "military_ability",
    "allowance",
    "months_without_companionship",
)
TEXT_FIELDS = ("club", "title", "mistress", "regiment", "rank", "appointment", "state")
# Character.state of a man killed (in a duel, on campaign): he takes no part in anything after.
DEAD = "dead"


@dataclass
class Character:
    """A gentleman's sheet.  Birth facts are fixed; the rest moves by ledger."""

    name: str
    player: str = ""
    email: str = ""
    # (his order password is no part of his sheet: only its hash is kept, on the character
    # row; see engarde.passwords)
    # birth facts (Birth Tables A-D); never changed by the ledger
    social_class: str = ""
    sibling_rank: str = ""
    father_position: str = ""
    father_title: str | None = None
    orphan: bool = False
    # ledger-governed values
    social_level: int = 1
    status_points: int = 0
    crowns: int = 0
    strength: int = 0
    constitution: int = 0
    expertise: int = 0
    endurance: int = 0
    military_ability: int = 0
    allowance: int = 0
    months_without_companionship: int = 0
    club: str | None = None
    title: str | None = None
    mistress: str | None = None  # the name of the mistress he keeps (engarde.world.Mistress)
    regiment: str | None = None
    rank: str | None = None
    appointment: str | None = None
    # "dead", "disgraced", "on campaign", ...: None is a gentleman about town
    state: str | None = None
    counters: dict[str, int] = field(default_factory=dict)
    id: int | None = None

    # -- ledger-governed values, by name -----------------------------------
    def get(self, name: str) -> Any:
        if "." in name:
            return self.counters.get(name, 0)
        if name in NUMERIC_FIELDS or name in TEXT_FIELDS:
            return getattr(self, name)
        raise KeyError(f"{name!r} is not a ledger field")

    def put(self, name: str, value: Any) -> None:
        if "." in name:
            if value:
                self.counters[name] = value
            else:
                self.counters.pop(name, None)
        elif name in NUMERIC_FIELDS or name in TEXT_FIELDS:
            setattr(self, name, value)
        else:
            raise KeyError(f"{name!r} is not a ledger field")

    def ledger_values(self) -> dict[str, Any]:
        """Every value the ledger governs (what the audit compares)."""
        values: dict[str, Any] = {n: getattr(self, n) for n in NUMERIC_FIELDS + TEXT_FIELDS}
        values.update(sorted(self.counters.items()))
        return values

    # -- derived values ----------------------------------------------------
    @property
    def dead(self) -> bool:
        return self.state == DEAD

    @property
    def max_endurance(self) -> int:
        """Duelling: "Endurance is determined by multiplying Constitution by Strength."""
        return self.constitution * self.strength

    def expertise_with(self, weapon: str) -> int:
        """Practice: a new weapon starts at the original Expertise; gains stay with their weapon."""
        return self.expertise + self.counters.get(f"expertise.{weapon}", 0)

    def weapons(self) -> dict[str, int]:
        return {
            key.split(".", 1)[1]: self.expertise_with(key.split(".", 1)[1])
            for key in sorted(self.counters)
            if key.startswith("expertise.")
        }

    # Every field is a plain value but the counters (a dict of plain values): copied field by
    # field, as deepcopy and asdict would, at a tenth of their cost (each ran for every man
    # twice a month).
    def copy(self) -> "Character":
        return replace(self, counters=dict(self.counters))

    def to_dict(self) -> dict[str, Any]:
        values = {name: getattr(self, name) for name in _CHARACTER_FIELDS}
        values["counters"] = dict(self.counters)
        return values

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Character":
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in names})


_CHARACTER_FIELDS = tuple(f.name for f in fields(Character))


@dataclass(frozen=True)
class LedgerEntry:
    """One change to one character, with the rule that made it.

    ``delta`` is set for numeric fields, ``value`` for text fields (club,
    title) where the entry sets the new value (``None`` clears it).
    """

    character: str
    month: GameMonth
    week: int
    field: str
    delta: int | None
    value: str | None
    reason: str
    rule: str = ""

    def apply(self, ch: Character) -> None:
        if self.delta is not None:
            ch.put(self.field, ch.get(self.field) + self.delta)
        else:
            ch.put(self.field, self.value)

    def describe(self) -> str:
        change = f"{self.delta:+d}" if self.delta is not None else f"= {self.value or '(none)'}"
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{self.month} {week_label(self.week)}: {self.field} {change}: {self.reason}{rule}"


@dataclass(frozen=True)
class Event:
    """Something that happened, for the gazette (public) or a report (private)."""

    month: GameMonth
    week: int
    code: str
    characters: tuple[str, ...]
    public: bool = True
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ErrorRecord:
    """A problem found in input: where it is, a stable code, and what to do."""

    source: str
    line: int
    code: str
    message: str
    suggestion: str | None = None

    def __str__(self) -> str:
        text = f"{self.source}:{self.line}: {self.message}"
        if self.suggestion:
            text += f" ({self.suggestion})"
        return text

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def known_fields(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The items of ``data`` that are fields of the dataclass ``cls`` (a record written by an
    older engarde may hold others)."""
    names = {f.name for f in fields(cls)}
    return {k: v for k, v in data.items() if k in names}


def replay(start: dict[str, Any], entries: list[LedgerEntry], name: str = "") -> Character:
    """Recompute a sheet from its starting values and its ledger (the audit)."""
    ch = Character.from_dict(start)
    if name:
        ch.name = name
    ch.counters = dict(ch.counters)
    for entry in entries:
        entry.apply(ch)
    return ch

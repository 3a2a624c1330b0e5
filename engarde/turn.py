"""The working state of one month's resolution.

Rules functions receive a ``Turn`` and change characters only through
``Turn.post`` / ``Turn.assign``, which record a ledger entry with its reason
and rule as they apply it.  That is what lets ``engarde audit`` recompute every
sheet: no other path changes a character during a turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .calendar import GameMonth
from .dice import Dice
from .orders import OrderSheet, Parts
from .tables import Tables
from .records import Character, ErrorRecord, Event, LedgerEntry
from .world import World

if TYPE_CHECKING:  # typing only: the registry imports every rules module, which import this
    from .registry import Registry


@dataclass(frozen=True)
class PendingDuel:
    """Two characters who must fight (a challenge accepted, rival suitors who
    would not withdraw, ...), handed to the duel rules to resolve."""

    week: int
    challenger: str
    defender: str
    cause: str
    place: str = ""
    weapon: str | None = None


@dataclass
class Turn:
    month: GameMonth
    characters: dict[str, Character]
    dice: Dice
    # The campaign's tables (each module's numbers and settings, with its overrides).
    tables: Tables = field(default_factory=Tables)
    world: World = field(default_factory=World)
    standing: dict[str, Parts] = field(default_factory=dict)  # standing orders on file, by name
    # The month's order sheets that count, by character; each module's inputs for the month
    # (``RuleModule.inputs``: the GM's rulings on cause are the duel's), by module name.
    sheets: dict[str, OrderSheet] = field(default_factory=dict)
    inputs: dict[str, Any] = field(default_factory=dict)
    registry: "Registry | None" = None
    ledger: list[LedgerEntry] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    errors: list[ErrorRecord] = field(default_factory=list)
    # Per-month facts the rules share (who had companionship, who visited
    # where in which week, ...), keyed by character name.  Not persisted.
    facts: dict[str, dict[str, Any]] = field(default_factory=dict)
    # Indexes the rules build once a month over what the month has so far (the caught
    # suitors by lover, ...), by the rule's own key.  Not persisted; never a rule's input.
    memo: dict[str, Any] = field(default_factory=dict)
    # Who was where each week: week -> place -> names, in the order they came.
    # Places are plain keys: "club:Hunter's", "bawdyhouse", "mistress:4", ...
    # Toadying, rival suitors and duels read it after the week's actions.
    whereabouts: dict[int, dict[str, list[str]]] = field(default_factory=dict)
    # The same the other way round, week -> name -> places in the order he came to them, kept
    # by ``be_at``: "where were both men this week" without walking every place's crowd.
    places: dict[int, dict[str, list[str]]] = field(default_factory=dict)
    pending_duels: list[PendingDuel] = field(default_factory=list)
    # The living, in name order, as the phase under way began; and at month end those of
    # them who keep accounts (not on campaign: "do not have to pay out any money or keep
    # track of Status Points").  Set by the resolver (engarde.resolve).
    living: list[str] = field(default_factory=list)
    home: list[str] = field(default_factory=list)

    def post(self, ch: Character, fieldname: str, delta: int, week: int, reason: str, rule: str) -> None:
        """Add ``delta`` to a numeric value of ``ch``, with its reason."""
        if delta == 0:
            return
        entry = LedgerEntry(ch.name, self.month, week, fieldname, delta, None, reason, rule)
        entry.apply(ch)
        self.ledger.append(entry)

    def assign(self, ch: Character, fieldname: str, value: str | None, week: int, reason: str, rule: str) -> None:
        """Set a text value of ``ch`` (club, title), with its reason."""
        if ch.get(fieldname) == value:
            return
        entry = LedgerEntry(ch.name, self.month, week, fieldname, None, value, reason, rule)
        entry.apply(ch)
        self.ledger.append(entry)

    def event(self, code: str, week: int, characters: str | tuple[str, ...], public: bool = True, **data: Any) -> Event:
        if isinstance(characters, str):
            characters = (characters,)
        ev = Event(self.month, week, code, tuple(characters), public, data)
        self.events.append(ev)
        return ev

    def standing_orders(self, name: str) -> Parts:
        """His standing orders on file (each module reads its own: ``.of(DuelStanding)``)."""
        return self.standing.get(name) or Parts()

    def sheet(self, name: str) -> OrderSheet | None:
        """His order sheet for the month, if one counts."""
        return self.sheets.get(name)

    def keeps_accounts(self, name: str) -> bool:
        """Does he pay and count status this month (no module says he is away on campaign)?"""
        if self.registry is None:
            return True
        return not any(check(self, name) for check in self.registry.no_accounts)

    def be_at(self, week: int, place: str, name: str) -> None:
        mine = self.places.setdefault(week, {}).setdefault(name, [])
        if place not in mine:
            mine.append(place)
            self.whereabouts.setdefault(week, {}).setdefault(place, []).append(name)

    def is_at(self, week: int, place: str, name: str) -> bool:
        return place in self.places.get(week, {}).get(name, ())

    def places_of(self, week: int, name: str) -> list[str]:
        """Where he was this week, in the order he came."""
        return list(self.places.get(week, {}).get(name, []))

    def together(self, week: int, a: str, b: str) -> list[str]:
        """The places where both were this week, in the order ``whereabouts`` holds them."""
        week_places = self.places.get(week, {})
        both = set(week_places.get(a, ())).intersection(week_places.get(b, ()))
        if not both:
            return []
        return [p for p in self.whereabouts.get(week, {}) if p in both]

    def present(self, week: int, place: str) -> list[str]:
        return list(self.whereabouts.get(week, {}).get(place, []))

    def fact(self, name: str) -> dict[str, Any]:
        return self.facts.setdefault(name, {})

    def pay(self, ch: Character, amount: int, week: int, reason: str, rule: str) -> bool:
        """Pay ``amount`` crowns if he has them; no credit.  True if paid."""
        if amount <= 0:
            return True
        if ch.crowns < amount:
            return False
        self.post(ch, "crowns", -amount, week, reason, rule)
        return True

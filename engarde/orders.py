"""Typed orders: what a parsed order sheet holds.

One weekly action per week (``Order`` subclasses) plus the month's own orders.
The parser (``engarde.parse``) builds these; the resolver reads them.  A new
verb is a new record here, a grammar entry in ``parse`` and a rules function.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar

from .calendar import GameMonth
from .records import ErrorRecord


@dataclass(frozen=True)
class Order:
    """A weekly action.  ``kind`` is its stable name in JSON and templates."""

    kind: ClassVar[str] = "order"

    def describe(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **asdict(self)}


@dataclass(frozen=True)
class Rest(Order):
    """Rest, or do nothing in particular (also what an unreadable week becomes)."""

    kind: ClassVar[str] = "rest"
    reason: str = ""

    def describe(self) -> str:
        return "Rest" + (f" ({self.reason})" if self.reason else "")


@dataclass(frozen=True)
class Practise(Order):
    kind: ClassVar[str] = "practise"
    weapon: str = "rapier"

    def describe(self) -> str:
        return f"Practise with the {self.weapon}"


@dataclass(frozen=True)
class VisitClub(Order):
    kind: ClassVar[str] = "visit-club"
    club: str = ""
    carouse: bool = False
    # "Go to Hunter's with Falstaff": who he goes with (guests and hosts are
    # the toadying rules of a later issue; the name is kept so it is not lost).
    companions: tuple[str, ...] = ()

    def describe(self) -> str:
        text = f"Visit {self.club}" if self.club else "Visit his own club"
        if self.companions:
            text += " with " + ", ".join(self.companions)
        if self.carouse:
            text += " and carouse"
        return text


@dataclass(frozen=True)
class VisitBawdyhouse(Order):
    kind: ClassVar[str] = "visit-bawdyhouse"
    carouse: bool = True  # liquid refreshment is mandatory at a bawdyhouse
    companionship: bool = True
    purse: int | None = None  # crowns carried; None: the campaign's default

    def describe(self) -> str:
        text = "Visit a bawdyhouse"
        parts = []
        if self.carouse:
            parts.append("carouse")
        if not self.companionship:
            parts.append("no companionship")
        if self.purse is not None:
            parts.append(f"carrying {self.purse} crowns")
        return text + (" (" + ", ".join(parts) + ")" if parts else "")


ORDER_KINDS: dict[str, type[Order]] = {
    cls.kind: cls for cls in (Rest, Practise, VisitClub, VisitBawdyhouse)
}


def order_from_dict(data: dict[str, Any]) -> Order:
    data = dict(data)
    cls = ORDER_KINDS[data.pop("kind")]
    if "companions" in data:
        data["companions"] = tuple(data["companions"])
    return cls(**data)


@dataclass
class MonthlyOrders:
    """Orders for the month as a whole, not for one week."""

    conspicuous_consumption: bool = False
    join_club: str | None = None
    resign_club: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class OrderSheet:
    """One player's orders for one month, with what could not be understood.

    ``lines`` maps each week to the source line it came from, so the
    confirmation can quote the player back to himself.
    """

    source: str
    character: str | None = None
    password: str | None = None
    month: GameMonth | None = None
    weeks: dict[int, Order] = field(default_factory=dict)
    lines: dict[int, int] = field(default_factory=dict)
    monthly: MonthlyOrders = field(default_factory=MonthlyOrders)
    errors: list[ErrorRecord] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def action(self, week: int) -> Order:
        return self.weeks.get(week, Rest())

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "character": self.character,
            "month": self.month.key if self.month else None,
            "weeks": {str(w): o.to_dict() for w, o in sorted(self.weeks.items())},
            "lines": {str(w): n for w, n in sorted(self.lines.items())},
            "monthly": self.monthly.to_dict(),
            "errors": [e.to_dict() for e in self.errors],
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "OrderSheet":
        sheet = cls(source=data["source"], character=data.get("character"))
        if data.get("month"):
            sheet.month = GameMonth.parse(data["month"])
        sheet.weeks = {int(w): order_from_dict(o) for w, o in data.get("weeks", {}).items()}
        sheet.lines = {int(w): int(n) for w, n in data.get("lines", {}).items()}
        sheet.monthly = MonthlyOrders(**data.get("monthly", {}))
        sheet.errors = [ErrorRecord(**e) for e in data.get("errors", [])]
        sheet.notes = list(data.get("notes", []))
        return sheet

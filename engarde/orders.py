"""Typed orders: what a parsed order sheet holds.

One weekly action per week (``Order`` subclasses, each declared by the rules module
that carries it out) plus the month's own orders.  The parser (``engarde.parse``)
builds these; the resolver reads them.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, Mapping

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


def record_from_dict(cls: type, data: Mapping[str, Any]) -> Any:
    """The inverse of ``asdict`` for a record of orders: JSON turns tuples into lists and
    nested records into dicts; this turns them back by the fields' declared types.
    Keys the record does not have (written by an older engarde) are left out."""
    hints = typing.get_type_hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        if f.name not in data or not f.init:
            continue
        values[f.name] = _typed(hints[f.name], data[f.name])
    return cls(**values)


def _typed(hint: Any, value: Any) -> Any:
    if value is None:
        return None
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for arg in typing.get_args(hint):
            if arg is not type(None):
                return _typed(arg, value)
    if dataclasses.is_dataclass(hint) and isinstance(value, Mapping):
        return record_from_dict(hint, value)
    if origin is tuple and isinstance(value, (list, tuple)):
        args = typing.get_args(hint)
        inner = args[0] if args else Any
        return tuple(_typed(inner, v) for v in value)
    return value


def order_from_dict(data: Mapping[str, Any], kinds: Mapping[str, type[Order]]) -> Order:
    """The inverse of ``Order.to_dict``; an order of a kind no module of the campaign
    declares (a house rule switched off since) becomes a rest that says so."""
    data = dict(data)
    kind = data.pop("kind", "")
    cls = kinds.get(kind)
    if cls is None:
        return Rest(reason=f"{kind!r} is not an order of this campaign")
    return record_from_dict(cls, data)


@dataclass
class MonthlyOrders:
    """Orders for the month as a whole, not for one week."""

    conspicuous_consumption: bool = False
    join_club: str | None = None
    resign_club: bool = False
    new_password: str | None = None  # takes effect once the sheet is accepted
    # e. Practice: "subtract five from his Expertise to add one to his Strength", N times
    trade_expertise_for_strength: int = 0
    # d. Loans: "after three months ... the lender may demand payment": the borrowers
    # (names, or "all") whose loans from him he calls in this month (engarde.rules.loans)
    call_loans: tuple[str, ...] = ()
    # d. Loans: "Characters may borrow money from other players": his consent, the crowns he
    # offers each borrower this month (taken by the borrower's Borrow order; not a week's action)
    lend: tuple["Lend", ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "MonthlyOrders":
        """The inverse of ``to_dict`` (JSON turns tuples into lists; older sheets lack new fields)."""
        data = dict(data)
        data["call_loans"] = tuple(data.get("call_loans", ()))
        data["lend"] = tuple(x if isinstance(x, Lend) else Lend(**x) for x in data.get("lend", ()))
        return cls(**data)


@dataclass(frozen=True)
class Lend:
    """d. Loans: a monthly order, "Lend 100 crowns to D'Artagnan": up to ``amount`` crowns
    for ``borrower`` this month, if he borrows them (engarde.rules.loans.offer)."""

    amount: int
    borrower: str

    def describe(self) -> str:
        return f"Lend {self.amount} crowns to {self.borrower}"


@dataclass
class StandingOrders:
    """Orders that stand until the player changes them (kept between months).

    ``None`` means "not given": the rules' default applies.
    """

    if_challenged: str | None = None  # "accept" | "refuse"
    duel_weapon: str | None = None
    duel_sequence: str | None = None  # as the rules write it: "X L X CL K X X X X S P JB"
    duel_conditions: tuple[str, ...] = ()  # written conditions for optional routines / surrender
    campaign_modifier: int | None = None  # h./i. poltroonery (<0) or reckless bravery (>0)
    rival_suitor: str | None = None  # "withdraw" | "fight"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "StandingOrders":
        data = dict(data)
        data["duel_conditions"] = tuple(data.get("duel_conditions", ()))
        return cls(**data)

    def describe(self) -> list[str]:
        """Each order on file, as the sheet language writes it (for confirmations)."""
        lines = []
        if self.if_challenged:
            lines.append(f"If challenged: {self.if_challenged}"
                         + (f" with the {self.duel_weapon}" if self.duel_weapon else ""))
        elif self.duel_weapon:
            lines.append(f"Duel weapon: {self.duel_weapon}")
        if self.duel_sequence:
            lines.append(f"Duel sequence: {self.duel_sequence}")
        lines += [f"Duel conditions: {c}" for c in self.duel_conditions]
        if self.campaign_modifier is not None:
            m = self.campaign_modifier
            lines.append("Campaign: none" if m == 0 else
                         f"Campaign: reckless bravery +{m}" if m > 0 else f"Campaign: poltroonery {m}")
        if self.rival_suitor:
            lines.append(f"Rival suitor: {self.rival_suitor}")
        return lines

    def merged(self, newer: "StandingOrders") -> "StandingOrders":
        """These orders with every order ``newer`` gives replacing the old one."""
        values = self.to_dict()
        for key, value in newer.to_dict().items():
            if value not in (None, (), []):
                values[key] = value
        return StandingOrders.from_dict(values)


@dataclass(frozen=True)
class Letter:
    """A letter to the gazette's press section."""

    text: str
    signature: str = "signed"  # "signed" | "anonymous" | "alias"
    alias: str | None = None

    def byline(self, author: str) -> str:
        if self.signature == "anonymous":
            return "A Gentleman of Paris"
        if self.signature == "alias" and self.alias:
            return self.alias
        return author


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
    standing: StandingOrders = field(default_factory=StandingOrders)
    letters: list[Letter] = field(default_factory=list)
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
            "standing": self.standing.to_dict(),
            "letters": [asdict(x) for x in self.letters],
            "errors": [e.to_dict() for e in self.errors],
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], kinds: Mapping[str, type[Order]]) -> "OrderSheet":
        """The inverse of ``to_dict``; ``kinds``: every order record by its kind (the registry's)."""
        sheet = cls(source=data["source"], character=data.get("character"))
        if data.get("month"):
            sheet.month = GameMonth.parse(data["month"])
        sheet.weeks = {int(w): order_from_dict(o, kinds) for w, o in data.get("weeks", {}).items()}
        sheet.lines = {int(w): int(n) for w, n in data.get("lines", {}).items()}
        sheet.monthly = MonthlyOrders.from_dict(data.get("monthly", {}))
        sheet.standing = StandingOrders.from_dict(data.get("standing", {}))
        sheet.letters = [Letter(**x) for x in data.get("letters", [])]
        sheet.errors = [ErrorRecord(**e) for e in data.get("errors", [])]
        sheet.notes = list(data.get("notes", []))
        return sheet

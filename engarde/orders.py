"""Typed orders: what a parsed order sheet holds.

One weekly action per week (``Order`` subclasses, each declared by the rules module
that carries it out) plus the month's own orders.  The parser (``engarde.parse``)
builds these; the resolver reads them.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, ClassVar, Mapping

from .calendar import GameMonth
from .passwords import WITHHELD
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
    values = {}
    for name, convert in _fields(cls):
        if name in data:
            value = data[name]
            values[name] = value if convert is None or value is None else convert(value)
    return cls(**values)


@functools.lru_cache(maxsize=None)
def _fields(cls: type) -> tuple[tuple[str, Callable[[Any], Any] | None], ...]:
    """A record's fields given to its constructor, each with what turns its JSON value back
    into its declared type (None: as it is): worked out once a class, not at each value (every
    month reads back every sheet on file, thousands of records)."""
    hints = typing.get_type_hints(cls)
    return tuple((f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls) if f.init)


def _converter(hint: Any) -> Callable[[Any], Any] | None:
    """What turns a (not None) JSON value back into a ``hint``: a record from a dict, a tuple
    from a list (its items by the first type it names); None where the value is kept as it is."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):  # "X | None": as X (None is kept as None)
        arg = next((a for a in typing.get_args(hint) if a is not type(None)), None)
        return None if arg is None else _converter(arg)
    if dataclasses.is_dataclass(hint):
        return lambda value: record_from_dict(hint, value) if isinstance(value, Mapping) else value
    if origin is tuple:
        args = typing.get_args(hint)
        inner = _converter(args[0]) if args else None

        def as_tuple(value: Any) -> Any:
            if not isinstance(value, (list, tuple)):
                return value
            if inner is None:
                return tuple(value)
            return tuple(None if v is None else inner(v) for v in value)
        return as_tuple
    return None


def order_from_dict(data: Mapping[str, Any], kinds: Mapping[str, type[Order]]) -> Order:
    """The inverse of ``Order.to_dict``; an order of a kind no module of the campaign
    declares (a house rule switched off since) becomes a rest that says so."""
    data = dict(data)
    kind = data.pop("kind", "")
    cls = kinds.get(kind)
    if cls is None:
        return Rest(reason=f"{kind!r} is not an order of this campaign")
    return record_from_dict(cls, data)


MONTHLY, STANDING = "monthly", "standing"
P = typing.TypeVar("P", bound="Part")


class Part:
    """One module's orders on a sheet that are not a week's action: orders for the month
    (``when = MONTHLY``: "Conspicuous consumption", "Join: Red Phillips") or standing
    orders, kept from month to month until changed (``STANDING``: "If challenged: accept").

    A subclass is a dataclass whose every field defaults to "not given" (None, empty,
    False, 0), declared in its module's ``parts``; ``module`` names it in JSON.
    """

    module: ClassVar[str] = ""
    when: ClassVar[str] = MONTHLY
    # True: a later sheet of the month written again (with week lines) adds to these rather
    # than replacing them (letters to the gazette; engarde.month_orders)
    accumulates: ClassVar[bool] = False

    def describe(self) -> list[str]:
        """Each order, as the confirmation lists it."""
        return []

    def changes(self, before: "Part") -> list[str]:
        """What these orders (as on file now) change from ``before`` (as on file before a sheet
        came), as a confirmation says it."""
        old, new = before.describe(), self.describe()
        return [f"now: {x}" for x in new if x not in old] + [f"no longer: {x}" for x in old if x not in new]

    def confirmation(self, author: str) -> list[str]:
        """Lines of a confirmation section of its own, after the standing orders (letters)."""
        return []

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)  # type: ignore[call-overload]

    def merged(self: P, newer: P) -> P:
        """Standing orders: these, with every order ``newer`` gives replacing the old one."""
        values = self.to_dict()
        for key, value in newer.to_dict().items():
            if value not in (None, (), []):
                values[key] = value
        return record_from_dict(type(self), values)


class Parts:
    """A sheet's monthly (or standing) orders: one ``Part`` record per module."""

    def __init__(self, records: typing.Iterable[Part] = ()) -> None:
        self._records: dict[str, Part] = {r.module: r for r in records}

    def of(self, cls: type[P]) -> P:
        """``cls``'s record: the one given, else one with nothing given (not kept)."""
        found = self._records.get(cls.module)
        return found if isinstance(found, cls) else cls()

    def edit(self, cls: type[P]) -> P:
        """``cls``'s record, kept on the sheet, to be filled in by the reader of its lines."""
        found = self._records.get(cls.module)
        if not isinstance(found, cls):
            found = self._records[cls.module] = cls()
        return found

    def __iter__(self) -> typing.Iterator[Part]:
        return iter(self._records.values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Parts) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Parts({list(self._records.values())!r})"

    def to_dict(self) -> dict[str, Any]:
        return {module: record.to_dict() for module, record in self._records.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, types: Mapping[str, type[Part]]) -> "Parts":
        """The inverse of ``to_dict``.  ``types``: each module's record type (the registry's).
        A module the registry does not know (a house rule gone) is dropped; a flat dict of
        fields (as engarde wrote before the module seam) is sorted by field name."""
        parts = cls()
        flat: dict[str, dict[str, Any]] = {}
        for key, value in (data or {}).items():
            if key in types and isinstance(value, Mapping):
                parts._records[key] = record_from_dict(types[key], value)
                continue
            owner = next((m for m, t in types.items() if key in {f.name for f in dataclasses.fields(t)}), None)
            if owner is not None:
                flat.setdefault(owner, {})[key] = value
        for module, values in flat.items():
            record = record_from_dict(types[module], values)
            if record != types[module]():
                parts._records.setdefault(module, record)
        return parts

    def merged(self, newer: "Parts") -> "Parts":
        """Standing orders on file, with those ``newer`` gives replacing them, module by module."""
        merged = Parts(self)
        for record in newer:
            old = merged._records.get(record.module)
            merged._records[record.module] = old.merged(record) if isinstance(old, type(record)) else record
        return merged


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
    monthly: Parts = field(default_factory=Parts)
    standing: Parts = field(default_factory=Parts)
    new_password: str | None = None  # in force once the sheet is accepted
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
            # never the password itself: a stored parse, a --json print says only that one was given
            "new_password": WITHHELD if self.new_password else None,
            "errors": [e.to_dict() for e in self.errors],
            "notes": list(self.notes),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], kinds: Mapping[str, type[Order]],
                  parts: Mapping[tuple[str, str], type[Part]]) -> "OrderSheet":
        """The inverse of ``to_dict``; ``kinds``: every order record by its kind, ``parts``: every
        module's monthly and standing records by (when, module) (the registry's)."""
        sheet = cls(source=data["source"], character=data.get("character"))
        if data.get("month"):
            sheet.month = GameMonth.parse(data["month"])
        sheet.weeks = {int(w): order_from_dict(o, kinds) for w, o in data.get("weeks", {}).items()}
        sheet.lines = {int(w): int(n) for w, n in data.get("lines", {}).items()}
        monthly = dict(data.get("monthly") or {})
        if data.get("letters"):  # before the module seam, letters were the sheet's own
            monthly["letters"] = data["letters"]
        sheet.new_password = data.get("new_password") or monthly.pop("new_password", None)
        sheet.monthly = Parts.from_dict(monthly, {m: t for (w, m), t in parts.items() if w == MONTHLY})
        sheet.standing = Parts.from_dict(data.get("standing"), {m: t for (w, m), t in parts.items() if w == STANDING})
        sheet.errors = [ErrorRecord(**e) for e in data.get("errors", [])]
        sheet.notes = list(data.get("notes", []))
        return sheet

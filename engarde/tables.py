"""The campaign's tables: each module's numbers, with a campaign's overrides.

Every module that has numbers declares them as a frozen dataclass (its
``RuleModule.tables``) whose defaults are the rulebook's values, named as the
book names them: a field is one value (``footpads_on``), a row of records
keyed by name (the Clubs Table), a mapping (Regimental Table A), or a tuple.
A GM changes any of them for his campaign in campaigns.toml::

    [campaigns.demo.tables.bawdyhouse]
    footpads_on = 5
    [campaigns.demo.tables.clubs.clubs."Hunter's"]
    dues = 25

and the choices where the rules are silent (``RuleModule.tables`` fields
marked ``setting``) under ``[campaigns.ID.rules]``.  Each value is checked by
type and range, and a mistake names the key.  The rules read their tables from
the turn (``turn.tables.bawdyhouse.footpads_on``), never from an import, so a
campaign's overrides reach every rule and the parser alike.
"""

from __future__ import annotations

import dataclasses
import typing
from fractions import Fraction
from types import MappingProxyType
from typing import Any, ClassVar, Iterable, Mapping

from .modules import RuleModule

# The range a whole number may take when its field states none: what a table of the
# rules holds (a die, a price, a modifier), but never a typo's millions.
DEFAULT_LOW, DEFAULT_HIGH = -1000, 1_000_000


class TablesError(ValueError):
    """A campaign's table override cannot be used as written (the message names the key)."""


def value(default: Any, *, low: int | float | None = None, high: int | float | None = None,
          choices: tuple[Any, ...] | None = None, setting: bool = False, note: str = "") -> Any:
    """A field of a module's tables: its default (the book's value), the range or choices a
    campaign may set it to, whether it is a setting of ``[campaigns.ID.rules]``, and what
    it is (``note``, shown by ``engarde tables``)."""
    metadata = {"low": low, "high": high, "choices": choices, "setting": setting, "note": note}
    table = frozen(default)
    if isinstance(table, MappingProxyType):
        # A read-only mapping has no hash, which dataclasses refuse as a default: hand it out
        # by a factory (it is immutable, so every instance may share it).
        return dataclasses.field(default_factory=lambda: table, metadata=metadata)
    return dataclasses.field(default=table, metadata=metadata)


def column(low: int | float | None = None, high: int | float | None = None, note: str = "", *,
           choices: tuple[Any, ...] | None = None, default: Any = dataclasses.MISSING) -> Any:
    """A field of a table's record (a row of the Clubs Table, a rank's terms): the range or
    choices a campaign may set it to, like ``value()``, but usually without a default, since
    each row gives its own."""
    metadata = {"low": low, "high": high, "choices": choices, "setting": False, "note": note}
    return dataclasses.field(default=default, metadata=metadata)


def frozen(data: Any) -> Any:
    """A table's value made immutable all the way down (a mapping becomes a read-only view,
    a list a tuple), so that no rule can change the campaign's tables by accident."""
    if isinstance(data, Mapping):
        return MappingProxyType({k: frozen(v) for k, v in data.items()})
    if isinstance(data, (list, tuple)) and not hasattr(data, "_fields"):
        return tuple(frozen(v) for v in data)
    return data


def rows(*items: Any, key: str = "name", note: str = "") -> Any:
    """A table of records (the Clubs Table): a campaign overrides a row by its ``key``."""
    return dataclasses.field(default=tuple(items), metadata={"key": key, "note": note})


def _meta(f: dataclasses.Field | None) -> Mapping[str, Any]:
    return f.metadata if f is not None else {}


class Tables:
    """Every module's tables for one campaign: ``tables.clubs`` is the clubs module's."""

    _types: ClassVar[dict[str, type]] = {}

    def __init__(self, parts: Mapping[str, Any] | None = None) -> None:
        self._parts = dict(parts or {})

    @classmethod
    def register(cls, modules: Iterable[RuleModule]) -> None:
        for m in modules:
            if m.tables is not None:
                cls._types[m.name] = m.tables

    @classmethod
    def unregister(cls, name: str) -> None:
        cls._types.pop(name, None)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        parts = self._parts
        if name not in parts:
            if name not in self._types:
                raise AttributeError(f"no module called {name!r} has tables")
            parts[name] = self._types[name]()
        return parts[name]

    def get(self, name: str) -> Any | None:
        """The tables of module ``name``, or None if it has none (or is not registered)."""
        return getattr(self, name) if name in self._types or name in self._parts else None

    @classmethod
    def build(cls, modules: Iterable[RuleModule], overrides: Mapping[str, Any] | None = None,
              settings: Mapping[str, Any] | None = None, where: str = "tables") -> "Tables":
        """The tables of ``modules`` with a campaign's ``overrides`` (``[...tables.MODULE]``)
        and ``settings`` (``[...rules]``) applied; a mistake raises ``TablesError`` naming the key
        (``where`` is the key's prefix, e.g. "campaigns.toml: campaigns.demo")."""
        modules = [m for m in modules if m.tables is not None]
        by_name = {m.name: m for m in modules}
        parts: dict[str, Any] = {m.name: m.tables() for m in modules}
        for name, data in (overrides or {}).items():
            path = f"{where}.tables.{name}"
            if name not in by_name:
                known = ", ".join(sorted(by_name)) or "none"
                raise TablesError(f"{path}: no module of this campaign called {name!r} has tables (known: {known})")
            parts[name] = _apply(parts[name], data, path, None)
        owners = {f.name: m.name for m in modules for f in dataclasses.fields(m.tables) if _meta(f).get("setting")}
        for key, data in (settings or {}).items():
            path = f"{where}.rules.{key}"
            if key not in owners:
                known = ", ".join(sorted(owners)) or "none"
                raise TablesError(f"{path}: unknown rule setting (known: {known})")
            part = parts[owners[key]]
            f = next(f for f in dataclasses.fields(part) if f.name == key)
            parts[owners[key]] = dataclasses.replace(part, **{key: _apply(getattr(part, key), data, path, f, part)})
        return cls(parts)

    def flatten(self) -> list["TableValue"]:
        """Every value of every module's tables, with its default, for ``engarde tables``."""
        found: list[TableValue] = []
        # In the campaign's module order (the order ``build`` was given), as the rules run.
        for name in [*self._parts, *(n for n in self._types if n not in self._parts)]:
            part = getattr(self, name)
            _walk(part, type(part)(), name, None, found)
        return found


@dataclasses.dataclass(frozen=True)
class TableValue:
    path: str  # "clubs.clubs.\"Hunter's\".dues"
    value: Any
    default: Any
    note: str = ""
    setting: bool = False

    @property
    def overridden(self) -> bool:
        return self.value != self.default


def _key_text(key: Any) -> str:
    text = str(key)
    return text if text.replace("_", "").replace("-", "").isalnum() else f'"{text}"'


def _walk(obj: Any, default: Any, path: str, f: dataclasses.Field | None, out: list[TableValue]) -> None:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for field in dataclasses.fields(obj):
            if field.name.startswith("_"):
                continue
            _walk(getattr(obj, field.name), getattr(default, field.name, None), f"{path}.{field.name}", field, out)
        return
    key = _meta(f).get("key")
    if key and isinstance(obj, tuple):
        defaults = {getattr(r, key): r for r in (default or ())}
        for row in obj:
            _walk(row, defaults.get(getattr(row, key), row), f"{path}.{_key_text(getattr(row, key))}", None, out)
        return
    if isinstance(obj, Mapping) and obj and all(not isinstance(v, (Mapping, tuple)) or dataclasses.is_dataclass(v)
                                                for v in obj.values()):
        for k, v in obj.items():
            _walk(v, (default or {}).get(k), f"{path}.{_key_text(k)}", None, out)
        return
    out.append(TableValue(path, obj, default, _meta(f).get("note", ""), bool(_meta(f).get("setting"))))


# -- applying a campaign's overrides ---------------------------------------------------------


def _fields_by_name(obj: Any) -> dict[str, dataclasses.Field]:
    return {f.name.lower(): f for f in dataclasses.fields(obj) if not f.name.startswith("_")}


def _apply(obj: Any, data: Any, path: str, f: dataclasses.Field | None, owner: Any = None) -> Any:
    """``obj`` with ``data`` (from TOML) applied; ``f`` is the field ``obj`` is the value of."""
    meta = _meta(f)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        if not isinstance(data, Mapping):
            raise TablesError(f"{path}: must be a table of its values, not {data!r}")
        fields = _fields_by_name(obj)
        changes = {}
        for key, item in data.items():
            field = fields.get(str(key).lower().replace("-", "_"))
            if field is None:
                known = ", ".join(sorted(fields)) or "none"
                raise TablesError(f"{path}.{key}: unknown (known: {known})")
            changes[field.name] = _apply(getattr(obj, field.name), item, f"{path}.{key}", field, obj)
        return dataclasses.replace(obj, **changes)
    if meta.get("key") and isinstance(obj, tuple):
        if not isinstance(data, Mapping):
            raise TablesError(f"{path}: must be a table of rows by {meta['key']}, not {data!r}")
        key = meta["key"]
        result = list(obj)
        index = {_norm(getattr(row, key)): i for i, row in enumerate(obj)}
        for name, item in data.items():
            i = index.get(_norm(name))
            if i is None:
                known = ", ".join(str(getattr(row, key)) for row in obj)
                raise TablesError(f"{path}.{_key_text(name)}: no such row (rows: {known})")
            result[i] = _apply(obj[i], item, f"{path}.{_key_text(name)}", None)
        return tuple(result)
    if isinstance(obj, Mapping):
        if not isinstance(data, Mapping):
            raise TablesError(f"{path}: must be a table, not {data!r}")
        result = dict(obj)
        keys = {str(k).lower(): k for k in obj}
        for name, item in data.items():
            k = keys.get(str(name).lower())
            if k is None:
                known = ", ".join(str(k) for k in obj)
                raise TablesError(f"{path}.{_key_text(name)}: no such key (keys: {known})")
            # An entry of a mapping is checked by its field's range and choices.
            result[k] = _apply(obj[k], item, f"{path}.{_key_text(name)}", f)
        return frozen(result)
    if isinstance(obj, tuple):
        if not isinstance(data, list) or len(data) != len(obj):
            raise TablesError(f"{path}: must be a list of {len(obj)} values, like {list(obj)!r}")
        return tuple(_apply(o, d, f"{path}[{i}]", f) for i, (o, d) in enumerate(zip(obj, data)))
    return _scalar(obj, data, path, meta, f, owner)


def _scalar(old: Any, data: Any, path: str, meta: Mapping[str, Any], f: dataclasses.Field | None,
            owner: Any) -> Any:
    kind = _kind(old, f, owner)
    choices = meta.get("choices")
    if choices is not None:
        if data not in choices:
            raise TablesError(f"{path}: must be one of {', '.join(map(str, choices))}, not {data!r}")
        return data
    if kind is bool:
        if not isinstance(data, bool):
            raise TablesError(f"{path}: must be true or false, not {data!r}")
        return data
    if kind is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise TablesError(f"{path}: must be a whole number, not {data!r}")
        low, high = _range(old, meta)
        if not low <= data <= high:
            raise TablesError(f"{path}: must be a whole number from {low} to {high}, not {data!r}")
        return data
    if kind in (float, Fraction):
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            raise TablesError(f"{path}: must be a number, not {data!r}")
        low, high = _range(old, meta)
        if not low <= data <= high:
            raise TablesError(f"{path}: must be a number from {low} to {high}, not {data!r}")
        return Fraction(data).limit_denominator(1000) if kind is Fraction else float(data)
    if kind is str:
        if not isinstance(data, str) or not data.strip():
            raise TablesError(f"{path}: must be text, not {data!r}")
        return data
    raise TablesError(f"{path}: is not a value a campaign can change")


def _kind(old: Any, f: dataclasses.Field | None, owner: Any) -> type | None:
    if old is not None:
        return Fraction if isinstance(old, Fraction) else type(old)
    if f is not None and owner is not None:  # a None default: the field's declared type says
        hint = typing.get_type_hints(type(owner)).get(f.name)
        for arg in typing.get_args(hint) or (hint,):
            if arg in (int, str, float, bool):
                return arg
    return None


def _range(old: Any, meta: Mapping[str, Any]) -> tuple[Any, Any]:
    low, high = meta.get("low"), meta.get("high")
    if low is None:
        low = 0 if (old or 0) >= 0 else DEFAULT_LOW
    if high is None:
        high = DEFAULT_HIGH if (old or 0) >= 0 else 0
    return low, high


def _norm(text: Any) -> str:
    return " ".join(str(text).lower().replace("\u2019", "'").split())

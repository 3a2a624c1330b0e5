"""What a campaign holds besides its characters: each module's own part of the world.

A module that keeps state between months (the mistresses, the loans, the
regiments' rosters, the season's campaign, the applications waiting for a
player) declares it as ``RuleModule.state``: a record with ``to_dict`` and
``from_dict``.  The ``World`` is those records together; the resolver takes a
``World`` and returns the next one.  A character's own side of each (his
mistress, his debts) is on his sheet and moves by ledger; the world keeps the
other side (who she is, whom he owes and when it falls due).

The rules read the world by the names its records give: ``turn.world.front``
is the military module's, ``turn.world.regiment("Gascon Regiment")`` the
regiments module's.  No two modules' records may share a name
(``register`` refuses it).
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar, Iterable, Mapping

from .modules import RuleModule


class WorldError(ValueError):
    """Two modules' records claim one name, or a name no module's record has."""


class World:
    """Every module's state, by module name; its records' fields and methods by their own names."""

    # Every registered module's state record, by module name, and who owns each name
    # (filled by ``register``, from engarde.rules and engarde.house).
    _types: ClassVar[dict[str, type]] = {}
    _owners: ClassVar[dict[str, str]] = {}

    def __init__(self, parts: Mapping[str, Any] | None = None, **values: Any) -> None:
        object.__setattr__(self, "_parts", dict(parts or {}))
        for name, value in values.items():
            setattr(self, name, value)

    @classmethod
    def register(cls, modules: Iterable[RuleModule]) -> None:
        for m in modules:
            if m.state is None:
                continue
            cls._types[m.name] = m.state
            for name in dir(m.state):
                if name.startswith("_") or name in ("to_dict", "from_dict"):
                    continue
                owner = cls._owners.setdefault(name, m.name)
                if owner != m.name:
                    raise WorldError(f"the {m.name} module's state has {name!r}, which is the {owner} module's")
            for name in getattr(m.state, "__dataclass_fields__", {}):
                owner = cls._owners.setdefault(name, m.name)
                if owner != m.name:
                    raise WorldError(f"the {m.name} module's state has {name!r}, which is the {owner} module's")

    @classmethod
    def unregister(cls, name: str) -> None:
        """Forget the module ``name``'s state record (``engarde.registry.unregister``)."""
        cls._types.pop(name, None)
        for attr in [a for a, owner in cls._owners.items() if owner == name]:
            del cls._owners[attr]

    def part(self, module: str) -> Any:
        """The state of ``module`` (as it was left, or new)."""
        parts = self._parts
        if module not in parts:
            if module not in self._types:
                raise WorldError(f"no module called {module!r} keeps state in the world")
            parts[module] = self._types[module]()
        return parts[module]

    def _owner(self, name: str) -> str:
        try:
            return self._owners[name]
        except KeyError:
            raise AttributeError(f"no module's state has {name!r}") from None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.part(self._owner(name)), name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.part(self._owner(name)), name, value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, World) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"World({self._parts!r})"

    def copy(self) -> "World":
        return World(copy.deepcopy(self._parts))

    def to_dict(self) -> dict[str, Any]:
        """Every registered module's state, by module name (each as its record writes it)."""
        return {name: self.part(name).to_dict() for name in self._types}

    @classmethod
    def mistresses_in(cls, data: Mapping[str, Any] | None) -> list[tuple[Any, Any, Any]]:
        """Each mistress of a stored world as (number, name, lover), read from the mistresses
        module's own record, not the whole world made (a sheet's names need no more; 10,000 men's
        world took a tenth of a second to make); a world of an older shape is made whole."""
        own = data.get("mistresses") if isinstance(data, Mapping) else None
        records = own.get("mistresses") if isinstance(own, Mapping) else None
        if isinstance(records, list) and all(isinstance(m, Mapping) for m in records):
            return [(m["number"], m["name"], m.get("lover")) for m in records]
        return [(m.number, m.name, m.lover) for m in cls.from_dict(data).mistresses]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> "World":
        """The inverse of ``to_dict``.  A world written before the modules kept their own
        state (one flat record) is sorted by field name into the modules' records."""
        data = dict(data or {})
        flat = {k: v for k, v in data.items() if k not in cls._types or not isinstance(v, Mapping)}
        parts: dict[str, Any] = {}
        for name, kind in cls._types.items():
            own = data.get(name) if isinstance(data.get(name), Mapping) else None
            if own is None:
                own = {k: v for k, v in flat.items() if cls._owners.get(k) == name}
            parts[name] = kind.from_dict(own)
        return cls(parts)

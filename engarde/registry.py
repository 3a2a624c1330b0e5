"""The registry: which rules modules a campaign plays with, in what order.

A plain, explicit registry (docs/architecture.md says why): the core's modules
and the month's order are listed in ``engarde.rules``, the house rules in
``engarde.house``; ``house_rules`` in campaigns.toml switches house modules on.
``Registry.build`` puts the modules of one campaign together and fails early,
with a message naming the module and the step, verb or section, on a step or
verb placed against an anchor that does not exist, two modules claiming one
verb, section or event code, or placements that go round in a circle.
"""

from __future__ import annotations

import functools
import json
import types
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

from . import codes as core_codes
from . import config
from .config import Campaign, ConfigError
from .modules import PHASES, Action, RuleModule, Section, Step
from .orders import STANDING, OrderSheet, Part, Parts
from .tables import Tables, TablesError
from .world import World
from .rules import CORE_MODULES, MONTH, SECTIONS, VERBS
from .house import HOUSE_MODULES


class RegistryError(ValueError):
    """The modules of a campaign cannot be put together as declared."""


ALL_MODULES: dict[str, RuleModule] = {}
for _m in (*CORE_MODULES, *HOUSE_MODULES):
    if _m.name in ALL_MODULES:
        raise RegistryError(f"two modules are called {_m.name!r}")
    ALL_MODULES[_m.name] = _m


_HOUSE = RuleModule("house_module", "a house module", house=True)  # what an unregistered module counts as


@dataclass(frozen=True)
class ScheduledStep:
    """A step in its place in the month: ``qualified`` is "module.step"."""

    qualified: str
    module: str
    step: Step


@dataclass(eq=False)  # compared and hashed by identity: one per campaign's set of house rules
class Registry:
    """The modules of one campaign, put together."""

    modules: tuple[RuleModule, ...]
    inactive: tuple[RuleModule, ...]
    steps: tuple[ScheduledStep, ...]
    actions: dict[type, Action]
    order_kinds: dict[str, type]
    order_module: dict[type, str]
    code_module: dict[str, str]
    code_sections: dict[str, tuple[str, ...]]
    sections: tuple[Section, ...]
    report_sections: tuple[Section, ...]
    verbs: tuple[Any, ...] = ()
    fallback_verbs: tuple[Any, ...] = ()
    inactive_verbs: tuple[tuple[str, Any], ...] = ()
    # (module, pattern) of the monthly and standing lines of the modules the campaign does not
    # use, so that such a line is refused by name rather than "not understood"
    inactive_lines: tuple[tuple[str, Any], ...] = ()
    part_types: dict[tuple[str, str], type[Part]] = field(default_factory=dict)
    away: tuple[Callable[..., bool], ...] = ()
    claims: tuple[Callable[..., bool], ...] = ()
    no_accounts: tuple[Callable[..., bool], ...] = ()
    tables: Tables = field(default_factory=Tables)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.modules)

    def module(self, name: str) -> RuleModule:
        for m in self.modules:
            if m.name == name:
                return m
        raise KeyError(name)

    def active(self, name: str) -> bool:
        return name in self.names

    def phase(self, phase: str) -> list[ScheduledStep]:
        return [s for s in self.steps if s.step.phase == phase]

    def part_types_of(self, when: str) -> dict[str, type[Part]]:
        return {m: t for (w, m), t in self.part_types.items() if w == when}

    def sheet_from(self, data: Mapping[str, Any]) -> OrderSheet:
        """A stored sheet (``OrderSheet.to_dict``) read back with every module's records."""
        return OrderSheet.from_dict(dict(data), self.order_kinds, self.part_types)

    def standing_from(self, data: Mapping[str, Any] | None) -> Parts:
        """Standing orders on file (``Parts.to_dict``) read back."""
        return Parts.from_dict(data, self.part_types_of(STANDING))

    def describe(self, parts: Parts, when: str) -> list[str]:
        """Every module's orders in ``parts``, as a confirmation lists them, module by module."""
        return [line for cls in self.part_types_of(when).values() for line in parts.of(cls).describe()]

    def changes(self, before: Parts, after: Parts, when: str) -> list[str]:
        """What changed from ``before`` to ``after`` (a month's orders on file), module by module."""
        return [line for cls in self.part_types_of(when).values() for line in after.of(cls).changes(before.of(cls))]

    @classmethod
    def build(cls, house_rules: Sequence[str] = (), modules: Iterable[RuleModule] | None = None,
              tables: Mapping[str, Any] | None = None, settings: Mapping[str, Any] | None = None,
              where: str = "campaign") -> "Registry":
        """The core's modules and the named house modules, checked and ordered, with their
        tables as a campaign overrides them (``[...tables.MODULE]``, ``[...rules]``).

        ``modules``: every module that could be switched on (default: all registered);
        a test passes its own to add a module without touching the core.  ``where``
        prefixes the key a mistake in ``tables`` or ``settings`` is reported at.
        """
        known = {m.name: m for m in (modules if modules is not None else ALL_MODULES.values())}
        for name in house_rules:
            if name not in known or not known[name].house:
                house = ", ".join(n for n, m in known.items() if m.house) or "none yet"
                raise RegistryError(f"{where}.house_rules: unknown house rule {name!r} (house rules: {house})")
        # A house module another one needs comes with it (the gala brings the secrets it
        # shares with the social conflicts and gossip); a core module is always on.
        wanted = set(house_rules)
        pending = list(house_rules)
        while pending:
            for needed in known[pending.pop()].requires:
                if needed in known and known[needed].house and needed not in wanted:
                    wanted.add(needed)
                    pending.append(needed)
        active = [m for m in known.values() if not m.house or m.name in wanted]
        names = {m.name for m in active}
        for m in active:
            for needed in m.requires:
                if needed not in names:  # (one that exists is on: the core's always, a house one with it)
                    raise RegistryError(f"{where}.house_rules: the {m.name} module needs the {needed} module, "
                                        "which does not exist")
        inactive = tuple(m for m in known.values() if m.name not in names)
        steps = _schedule(active)
        actions: dict[type, Action] = {}
        order_module: dict[type, str] = {}
        for m in active:
            for order_type, action in m.actions.items():
                if order_type in actions:
                    raise RegistryError(f"{m.name}: the {order_type.__name__} order is already carried out by "
                                        f"the {order_module[order_type]} module")
                actions[order_type] = action
                order_module[order_type] = m.name
        order_kinds: dict[str, type] = {}
        for m in known.values():  # every module's: a stored sheet may hold a switched-off module's orders
            for order_type in m.orders:
                kind = order_type.kind
                if kind in order_kinds and order_kinds[kind] is not order_type:
                    raise RegistryError(f"{m.name}: the order kind {kind!r} is already {order_kinds[kind].__name__}'s")
                order_kinds[kind] = order_type
                order_module.setdefault(order_type, m.name)
        code_module: dict[str, str] = {}
        code_sections: dict[str, tuple[str, ...]] = {}
        for m in known.values():
            for kind in m.events:
                if kind.code in code_module and code_module[kind.code] != m.name:
                    raise RegistryError(f"{m.name}: the event code {kind.code!r} is already the "
                                        f"{code_module[kind.code]} module's")
                code_module[kind.code] = m.name
                if m.name in names:
                    code_sections[kind.code] = kind.sections
        sections = [s for _, s in _placed([(m.name, s) for m in active for s in m.sections if not s.report],
                                          SECTIONS, "section", lambda s: s.name)]
        report_sections = tuple(s for m in active for s in m.sections if s.report)
        known_sections = {s.name for s in sections}
        for code, printed_in in code_sections.items():
            for section in printed_in:
                if section not in known_sections:
                    raise RegistryError(f"{code_module[code]}: the event {code!r} goes to a gazette section "
                                        f"{section!r} that no module of this campaign prints")
        verbs = [v for _, v in _placed([(m.name, v) for m in active for v in m.verbs], VERBS, "verb",
                                       lambda v: v.name)]
        part_types: dict[tuple[str, str], type[Part]] = {}
        for m in known.values():  # every module's: a stored sheet may hold a switched-off module's orders
            for part in m.parts:
                key = (part.when, part.module)
                if part.module != m.name:
                    raise RegistryError(f"{m.name}: its record {part.__name__} names the module {part.module!r}")
                if key in part_types:
                    raise RegistryError(f"{m.name}: two records of its {part.when} orders "
                                        f"({part_types[key].__name__}, {part.__name__})")
                part_types[key] = part
        try:
            built_tables = Tables.build(active, tables, settings, where)
        except TablesError as exc:
            raise RegistryError(str(exc)) from None
        return cls(
            tables=built_tables,
            modules=tuple(active),
            inactive=inactive,
            steps=tuple(steps),
            actions=actions,
            order_kinds=order_kinds,
            order_module=order_module,
            code_module=code_module,
            code_sections=code_sections,
            sections=tuple(sections),
            report_sections=report_sections,
            verbs=tuple(v for v in verbs if not v.fallback),
            fallback_verbs=tuple(v for v in verbs if v.fallback),
            part_types=part_types,
            inactive_verbs=tuple((m.name, v) for m in inactive for v in m.verbs),
            inactive_lines=tuple((m.name, pattern) for m in inactive for reader in m.lines
                                 for pattern, _ in reader.LINES),
            away=tuple(f for m in active for f in m.away),
            claims=tuple(f for m in active for f in m.claims),
            no_accounts=tuple(m.keeps_no_accounts for m in active if m.keeps_no_accounts is not None),
        )


T = TypeVar("T")


def _placed(items: list[tuple[str, T]], core_order: Sequence[str], what: str,
            name_of: Callable[[T], str]) -> list[tuple[str, T]]:
    """Order ``items`` (module, thing): the core's by ``core_order``, the rest where their
    ``before``/``after`` anchor says.  Names are unique across modules."""
    by_name: dict[str, tuple[str, T]] = {}
    for module, item in items:
        name = name_of(item)
        if name in by_name:
            raise RegistryError(f"{module}: the {what} {name!r} is already the {by_name[name][0]} module's")
        by_name[name] = (module, item)
    for n in core_order:
        if n not in by_name:
            raise RegistryError(f"engarde.rules lists the {what} {n!r}, which no module declares")
    placed: list[str] = list(core_order)
    waiting = [n for n in by_name if n not in placed]
    for n in waiting:
        item = by_name[n][1]
        if not (getattr(item, "before", None) or getattr(item, "after", None)):
            if not ALL_MODULES.get(by_name[n][0], _HOUSE).house:
                raise RegistryError(f"{by_name[n][0]}: the {what} {n!r} is not in engarde.rules's list of "
                                    f"the core's {what}s")
            raise RegistryError(f"{by_name[n][0]}: the {what} {n!r} needs a place: before=... or after=... "
                                f"a named {what}")
    while waiting:
        progress = False
        for n in list(waiting):
            item = by_name[n][1]
            before, after = getattr(item, "before", None), getattr(item, "after", None)
            anchor = before or after
            if anchor not in by_name and anchor not in placed:
                raise RegistryError(f"{by_name[n][0]}: the {what} {n!r} is placed "
                                    f"{'before' if before else 'after'} {anchor!r}, which does not exist")
            if anchor not in placed:
                continue
            i = placed.index(anchor)
            placed.insert(i if before else i + 1, n)
            waiting.remove(n)
            progress = True
        if not progress:
            raise RegistryError(f"the {what}s {', '.join(repr(n) for n in waiting)} are placed against each "
                                "other in a circle")
    return [by_name[n] for n in placed]


def _schedule(active: list[RuleModule]) -> list[ScheduledStep]:
    items = []
    for m in active:
        for step in m.steps:
            anchor = step.before or step.after
            qualified = f"{m.name}.{step.name}"
            items.append((m.name, _Named(qualified, step, anchor)))
    ordered = _placed(items, MONTH, "step", lambda s: s.name)
    steps = [ScheduledStep(s.name, module, s.step) for module, s in ordered]
    # A step's phase must agree with its neighbours': the month runs start, weeks, end.
    rank = {p: i for i, p in enumerate(PHASES)}
    for a, b in zip(steps, steps[1:]):
        if rank[a.step.phase] > rank[b.step.phase]:
            raise RegistryError(f"{b.module}: the step {b.qualified!r} ({b.step.phase}) comes after "
                                f"{a.qualified!r} ({a.step.phase})")
    # A group runs man by man: its steps take (turn, character), all for the same men.
    for a, b in zip(steps, steps[1:]):
        if b.step.group is not None and b.step.group == a.step.group and b.step.each != a.step.each:
            raise RegistryError(f"{b.module}: the step {b.qualified!r} is in the group {b.step.group!r}, whose "
                                f"steps run for each={a.step.each!r}, not {b.step.each!r}")
    for s in steps:
        if s.step.group is not None and s.step.each is None:
            raise RegistryError(f"{s.module}: the step {s.qualified!r} is in the group {s.step.group!r} but "
                                "says nobody to run for (each=LIVING or HOME)")
    return steps


@dataclass(frozen=True)
class _Named:
    name: str
    step: Step
    anchor: str | None

    @property
    def before(self) -> str | None:
        return self.step.before

    @property
    def after(self) -> str | None:
        return self.step.after


@functools.lru_cache(maxsize=32)
def registry(house_rules: tuple[str, ...] = ()) -> Registry:
    """The registry of house rules with the book's tables (built once per process)."""
    return Registry.build(house_rules)


def for_campaign(campaign: Campaign) -> Registry:
    """The campaign's registry: its house rules, its tables and settings (built once per process
    for each distinct set of them).  A mistake raises ``ConfigError`` naming the key."""
    key = json.dumps([campaign.house_rules, campaign.tables, campaign.rules], sort_keys=True, default=str)
    return _for_campaign(key, str(campaign.id))


@functools.lru_cache(maxsize=32)
def _for_campaign(key: str, campaign_id: str) -> Registry:
    house_rules, tables, settings = json.loads(key)
    try:
        return Registry.build(tuple(house_rules), tables=tables, settings=settings,
                              where=f"campaigns.toml: campaigns.{campaign_id}")
    except RegistryError as exc:
        message = str(exc)
        raise ConfigError(message if message.startswith(f"campaigns.toml: campaigns.{campaign_id}") else
                          f"campaigns.toml: campaigns.{campaign_id}: {message}") from None


def load_campaigns(path: str | Path) -> dict[str, Campaign]:
    """Every campaign of campaigns.toml, each checked against its modules (house rules, tables,
    settings): a mistake raises ``ConfigError`` naming the key."""
    campaigns = config.load(path)
    for campaign in campaigns.values():
        for_campaign(campaign)
    return campaigns


def load_campaign(path: str | Path, campaign_id: str | None) -> Campaign:
    """One campaign of campaigns.toml (``config.load_one``), checked against its modules."""
    campaign = config.load_one(path, campaign_id)
    for_campaign(campaign)
    return campaign


def core_registry() -> Registry:
    """The core rules alone: what a sheet is read with when no campaign is known."""
    return registry(())


@functools.lru_cache(maxsize=1)
def all_codes() -> types.SimpleNamespace:
    """Every code of every registered module, and the core's: what templates call ``codes``."""
    values: dict[str, str] = {}
    for source in (core_codes, *(m.codes for m in ALL_MODULES.values() if m.codes is not None)):
        for name in dir(source):
            if name.startswith(("E_", "EV_")):
                value = getattr(source, name)
                if name in values and values[name] != value:
                    raise RegistryError(f"two modules define the code {name} differently")
                values[name] = value
    return types.SimpleNamespace(**values)


def modules_of(names: Iterable[str]) -> list[RuleModule]:
    return [ALL_MODULES[n] for n in names]


def register(module: RuleModule) -> None:
    """Make one more module known, as if ``engarde.house`` listed it: a house rule kept
    outside the package, or a test's.  It is in play where a campaign's ``house_rules``
    names it (a core module, ``house=False``, would be in every campaign).  Registering
    the same module again does nothing; another module of the same name is refused."""
    known = ALL_MODULES.get(module.name)
    if known is module:
        return
    if known is not None:
        raise RegistryError(f"two modules are called {module.name!r}")
    World.register([module])
    Tables.register([module])
    ALL_MODULES[module.name] = module
    _forget()


def unregister(name: str) -> None:
    """Forget a module ``register`` made known (a test cleaning up after itself)."""
    if name in ALL_MODULES and not ALL_MODULES[name].house:
        raise RegistryError(f"the {name} module is the core's: it cannot be taken out")
    ALL_MODULES.pop(name, None)
    World.unregister(name)
    Tables.unregister(name)
    _forget()


def _forget() -> None:
    """Registries built before the set of modules changed are out of date."""
    registry.cache_clear()
    _for_campaign.cache_clear()
    all_codes.cache_clear()


def module_of_command(name: str) -> RuleModule | None:
    """The module whose GM command is called ``name`` (``engarde NAME``), if any."""
    for m in ALL_MODULES.values():
        if name in m.command_names():
            return m
    return None



"""The module seam: what one rules module brings, declared in one place.

Every part of the rules (the core's and each house rule's) is a package whose
``__init__`` declares one :class:`RuleModule`: its order records, the verbs and
sheet lines that read them, the action that carries out each order in its week,
its steps in the month, its tables, its own part of the campaign's world, its
events and the gazette sections and report lines that print them, and its GM
commands.  ``engarde.registry`` puts the modules of a campaign together; nothing
in the core names a module's orders, steps or tables.

See docs/architecture.md for how a module is written, with a worked example.
"""

from __future__ import annotations

import pkgutil
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping

if TYPE_CHECKING:  # typing only: the seam must not import what plugs into it
    import click

    from .grammar import LineReader, Verb
    from .records import Character
    from .turn import Turn

# The three phases of a month (b. Time Sequence): before week 1, each week, after week 4.
MONTH_START, WEEK, MONTH_END = "month start", "week", "month end"
PHASES = (MONTH_START, WEEK, MONTH_END)

# Whom a step that runs for each character runs for.
LIVING = "living"  # every character alive when the phase began, in name order
HOME = "home"  # those of them who keep accounts this month (not on campaign)


@dataclass(frozen=True)
class Step:
    """One step of the month.

    ``run`` takes ``(turn)`` for a step of the whole month, ``(turn, week)`` for a
    weekly step, and ``(turn, character)`` when ``each`` says whom it runs for.
    Steps of one ``group`` that follow one another run character by character
    (all of one man's steps, then the next man's), as the month's start does for
    each man's orders; other steps run for everyone before the next step begins.
    A house module places its steps with ``before`` or ``after`` a named step
    ("clubs.join"); the core's steps are placed by ``engarde.rules.MONTH``.
    """

    name: str  # "join": the registry names it "clubs.join"
    phase: str
    run: Callable[..., None]
    each: str | None = None  # LIVING, HOME, or None: once for the whole turn (or week)
    group: str | None = None
    before: str | None = None
    after: str | None = None

    def __post_init__(self) -> None:
        if self.phase not in PHASES:
            raise ValueError(f"step {self.name!r}: phase must be one of {PHASES}, not {self.phase!r}")
        if self.each not in (None, LIVING, HOME):
            raise ValueError(f"step {self.name!r}: each must be {LIVING!r}, {HOME!r} or None")


@dataclass(frozen=True)
class Action:
    """What carries out one kind of order in its week: ``run(turn, character, order, week)``.

    ``waits(turn, character, order)`` True: he acts after the week's other actions
    (a guest at a club waits for the members, his hosts, to arrive)."""

    run: Callable[["Turn", "Character", Any, int], None]
    waits: Callable[["Turn", "Character", Any], bool] | None = None


@dataclass(frozen=True)
class EventKind:
    """One code a module's events carry, and the gazette sections that print it when public
    (none: it is told only in the reports of those it concerns)."""

    code: str
    sections: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    """A section of the gazette (or, with ``report=True``, of a private report).

    ``template`` is included in the page in the section's place; ``context`` gives the
    variables it reads: ``context(view) -> dict`` where ``view`` is the
    ``engarde.gazette.Page`` being rendered (its public events by section, its
    characters, its sheets, its world); a report section's is ``context(data)``, ``data`` the
    month's ``engarde.gazette.GazetteData``, called once for all the month's reports (its
    variables are every report's).  A house module places its sections with
    ``before``/``after`` a named section; the core's order is ``engarde.rules.SECTIONS``.
    """

    name: str
    template: str
    context: Callable[[Any], Mapping[str, Any]] | None = None
    report: bool = False
    before: str | None = None
    after: str | None = None


@dataclass(frozen=True)
class Deferred:
    """A function named by where it lives (``"package.module:function"``), imported when it is
    first called.  A module's GM-side functions (its commands' database queries) are declared
    this way so that declaring the module imports no database layer: a command that needs none
    (``engarde --help``, ``engarde orders check FILE``) starts without it."""

    at: str

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return pkgutil.resolve_name(self.at)(*args, **kwargs)


@dataclass(frozen=True)
class Commands:
    """A module's GM commands, declared without importing them: ``at`` names the tuple of click
    commands (``"package.module:COMMANDS"``), imported when one of them runs; ``names`` are
    their names.  (Their one-line help, all ``engarde --help`` shows, is in
    ``engarde.command_index``, checked against the commands by a test.)"""

    at: str
    names: tuple[str, ...]

    def load(self) -> tuple["click.Command", ...]:
        return tuple(pkgutil.resolve_name(self.at))


@dataclass(frozen=True)
class RuleModule:
    """Everything one module brings to a campaign.

    ``name`` is how campaigns.toml names it (``house_rules``, ``[campaigns.ID.tables.NAME]``).
    ``requires``: the modules it cannot work without (it imports them or reads their tables).
    ``orders``: its weekly order records (``engarde.orders.Order``), and ``parts``: its
    records of monthly and standing orders (``engarde.orders.Part``).
    ``verbs``: how its weekly orders are written; ``lines``: its monthly and standing
    lines and blocks (``engarde.grammar.LineReader`` classes, one instance per sheet).
    ``actions``: order record -> what carries it out.  ``steps``: its place in the month.
    ``away``: ``(turn, character, week) -> bool``, he takes no weekly action (on campaign).
    ``claims``: ``(turn, character, order, week) -> bool``, the module takes his week in
    place of his order (regimental duty) and says what became of it.
    ``keeps_no_accounts``: ``(turn, name) -> bool``, he pays and counts nothing this month.
    ``tables``: the frozen dataclass of its tables, whose defaults are the book's numbers
    (``engarde.tables``); ``state``: its part of the campaign's world (``to_dict``/``from_dict``).
    ``events``: the codes of its events; ``sections``: its gazette and report sections;
    ``templates``: the package holding its ``templates/`` folder (its event macros are
    ``NAME/events.html.j2``).  ``commands``: its GM commands (click), or a :class:`Commands`
    naming them (imported when one runs).
    ``pending``: ``(world) -> list[dict]``, requests waiting for a player's answer.
    ``inputs``: ``(session, campaign_id, month) -> value``, what it reads of the month
    besides the sheets (the GM's rulings on cause), given to the rules as
    ``turn.inputs[name]``.  ``sheet_view``: ``(world, name, tables) -> (data, lines)``, its
    part of a character's sheet for the GM (``engarde sheet``): JSON-able data and the lines shown;
    ``character_view``: ``(world, character, tables) -> (data, lines)``, the same given his whole
    sheet (``records.Character``), for a module whose values are his ledger's named counters.
    ``undo``: ``(state_before, state_now) -> state`` for ``turn undo``: what the GM set up
    since the month (it keeps) on top of the state before it; ``undo_lost``: ``(state_before,
    state_now) -> list[str]``, what the GM did since that the undo cannot keep, each line told
    to him (``engarde turn undo`` prints them).
    """

    name: str
    title: str
    house: bool = False
    requires: tuple[str, ...] = ()
    orders: tuple[type, ...] = ()
    parts: tuple[type, ...] = ()
    verbs: tuple["Verb", ...] = ()
    lines: tuple[type["LineReader"], ...] = ()
    actions: Mapping[type, Action] = field(default_factory=dict)
    steps: tuple[Step, ...] = ()
    away: tuple[Callable[..., bool], ...] = ()
    claims: tuple[Callable[..., bool], ...] = ()
    keeps_no_accounts: Callable[..., bool] | None = None
    tables: type | None = None
    state: type | None = None
    codes: Any = None  # its codes module (engarde.codes for the core's own): templates see them all
    events: tuple[EventKind, ...] = ()
    sections: tuple[Section, ...] = ()
    templates: str | None = None
    commands: tuple["click.Command", ...] | Commands = ()
    pending: Callable[..., list[dict[str, Any]]] | None = None
    inputs: Callable[..., Any] | None = None
    sheet_view: Callable[..., tuple[dict[str, Any], list[str]]] | None = None
    character_view: Callable[..., tuple[dict[str, Any], list[str]]] | None = None
    undo: Callable[[Any, Any], Any] | None = None
    undo_lost: Callable[[Any, Any], list[str]] | None = None

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", self.name):
            raise ValueError(f"a module's name is lower-case letters, digits and '_', not {self.name!r}")

    def command_names(self) -> tuple[str, ...]:
        """Its commands' names, without importing commands declared lazily."""
        if isinstance(self.commands, Commands):
            return self.commands.names
        return tuple(c.name for c in self.commands if c.name)

    def command(self, name: str) -> "click.Command | None":
        """Its command called ``name`` (imported now if declared lazily), if it has one."""
        if name not in self.command_names():
            return None
        found = self.commands.load() if isinstance(self.commands, Commands) else self.commands
        return next((c for c in found if c.name == name), None)


def events_of(codes: Any, sections: Mapping[str, tuple[str, ...]] = {}) -> tuple[EventKind, ...]:
    """Every event code of a module's ``codes`` (its ``EV_`` names), each with the gazette
    sections that print it: ``sections`` maps a section's name to the codes it prints."""
    where: dict[str, list[str]] = {}
    for section, members in sections.items():
        for code in members:
            where.setdefault(code, []).append(section)
    values = [getattr(codes, name) for name in dir(codes) if name.startswith("EV_")]
    return tuple(EventKind(code, tuple(where.get(code, ()))) for code in values)


def listing(section: str, variable: str) -> Callable[[Any], dict[str, Any]]:
    """A section's ``context``: the public events the registry sends it, as ``variable``."""
    return lambda page: {variable: page.section(section)}

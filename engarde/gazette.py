"""Publishing: the gazette (the in-character newspaper) and private reports.

Rendering gathers all data first, then renders through one Jinja environment
that looks in the campaign's own template folder before the package templates
(DESIGN.md).  The caller (the store) builds a :class:`GazetteData`; this module
turns it into a template context and renders it.  Templates match events by
their code, never by prose: each module says its own events in
``MODULE/events.html.j2`` (``engarde.rules.MODULE/templates/``), and its gazette
sections are its own templates, printed in the registry's order.

A GM overriding a template in the campaign's ``templates`` folder (``gazette.html.j2``,
``report.html.j2``, ``base.html.j2``, or a module's ``MODULE/SECTION.html.j2``) gets these
variables:

``gazette.html.j2``
    ``campaign``, ``month``, ``errors_count`` (int or None), ``characters``,
    ``events`` (all public events of the month), ``sections`` (the sections to
    include, in order), ``greasy_pole_chart`` (the month's largest rises and falls of social
    level as an inline SVG, empty when none), and each section's own: ``society`` (public society
    events, by week: rises and falls, club elections, courtships), ``club_news`` (public
    resignations and lapses, by week),
    ``club_visits`` (list of ``ClubVisits``, by club rank then week), ``clubs``,
    ``regimental_news`` (Appointments and Regiments: public regiment, appointment, title and
    brevet events, by week), ``front_news`` (the front: its template groups the battle results
    army to regiment, the mentions, the promotions and the fallen), ``affairs`` (public duel
    events, by week: the Affairs of Honour, told from each duel's ``blows`` and ``decisive``
    exchange), ``notices`` (disgraces, dismissals: the events the modules send to "notices"),
    ``press`` (the letters, as printed), ``deaths`` (the month's public death
    events, one per man: the obituary line; the dead are left out of
    ``precedence``), ``precedence`` (the living characters by social level, then name: the
    characters' table, with rank, regiment, title, club).
    The tables and Points Arising (from ``GazetteData.facts``, ``engarde.gazette_facts``):
    ``greasy_pole`` (``Climb``: ``name``, ``last`` (None: new this month), ``now``, ``moved``
    rose|fell|same|new, ``change``; in precedence order) and ``pole_counts`` (how many each way);
    ``regiment_rolls`` (``RegimentRoll``: ``name``, ``brigade``, ``cavalry``, ``posts`` and
    ``juniors`` (``Post``: ``rank``, ``name`` (None: vacant), ``player``, ``detached``),
    ``colonel``, ``vacancies``); ``club_members`` (``ClubMembers``: ``club``, ``members``);
    ``mistress_rows`` (``MistressRow``: ``number``, ``name``, ``social_level``, ``kept``: never
    her lover); ``gm_notes`` (the GM's notes, ``engarde notes add``), ``no_orders`` (``(name,
    months without orders so far)`` of those who sent none this month), ``next_month``,
    ``next_deadline`` (its deadline in the campaign's time zone, or None).
``report.html.j2``
    ``campaign``, ``month``, ``character`` (his sheet now), ``weeks`` (list of
    ``(week, [events])``, every event of his, public or private),
    ``ledger`` (his ledger entries of the month, in order), ``report_sections``,
    ``social_level_chart`` (his social level over the months, an inline SVG; empty before he has
    two points), ``world`` (the campaign's world at the month's end), and whatever the report sections'
    ``context(data)`` give, made once for all the reports (a module's state by man belongs there,
    as the secrets' ``secrets_held``: a walk of ``world`` in each report is one for every man).

The web archive's templates (``site/*.j2``, ``engarde site build``) and their variables are
listed in engarde/site.py's docstring.

Every template also sees ``codes`` (every module's), ``event_macro(code, name)``
(the macro a module says that event with), ``compact(events)`` (``Compacted``: the events told
in prose and the lists of the rest of each routine kind), ``printed`` (True when rendering the
printed edition, the PDF's), ``compact_after``, ``print_items``, ``print_rows`` and ``print_names`` (how much
prose, and how much of a long list or table, or of a club's night, the printed edition gives), ``seed`` (the month's
dice seed, ``""`` when unknown), ``vary(key, n)`` (see below), and the filters ``signed``,
``week``, ``crowns``, ``ordinal``, ``names``, ``the``, ``possessive``, ``field_label`` and
``pick``.

Phrasings: prose, not a log.  Each kind of event may be said several ways; which one is
chosen by the month's seed (the turn's, stored with the month) and the event's identity, so
a month always renders the same and another month's (or a re-run's) seed may choose another:

- ``vary(key, n, part="")``: a number in ``range(n)``, from a hash of (the seed, ``key``).  ``key``
  is an event (its identity: code, week and characters; several events of one kind and week
  with the same men read alike) or any string.  A module's ``news`` macro
  says ``{% set v = vary(ev, 3) %}`` and gives ``v == 0``, ``1``, ``2`` each its wording;
  a second choice in the same sentence names its part: ``vary(ev, 2, "outcome")``.
- ``options|pick(key, part="")``: one of a list, as ``options[vary(key, options|length, part)]``.

The seed reaches macros in imported templates (which see no render context) through
:data:`SEED`, set by :func:`render` for the length of one render from the context's
``seed``; a render without one varies by the key alone.
"""

from __future__ import annotations

import contextvars
import functools
import gc
import hashlib
import multiprocessing
import os
import re
import sys
import unicodedata
from concurrent.futures import Future, ProcessPoolExecutor
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import jinja2
from markupsafe import Markup, escape

from . import children, files
from .calendar import MONTH_END, MONTH_START, WEEKS_PER_MONTH, GameMonth, week_label
from .charts import greasy_pole_chart, social_level_chart
from .config import Campaign
from .errors import CampaignError
from .gazette_facts import GazetteFacts
from .orders import OrderSheet
from .progress import Tick, nothing
from .records import Character, Event, LedgerEntry
from .registry import Registry, all_codes, for_campaign
from .text import possessive

GAZETTE_TEMPLATE = "gazette.html.j2"
REPORT_TEMPLATE = "report.html.j2"

# A large campaign's gazette must still read as a newspaper: of each kind of routine news (an
# event code whose module says it ``brief``ly) the first few are told in prose and the rest
# listed in a few words each; the printed edition (the PDF) gives the first items of each long
# list and rows of the table of precedence, and says the HTML edition has them all.
COMPACT_AFTER = 6
PRINT_ITEMS = 30
PRINT_ROWS = 100
PRINT_NAMES = 8  # of one club's visitors (and their guests, and the carousers) in a week, printed

# The seed of the month being rendered, for ``vary`` (set by ``render``).
SEED: contextvars.ContextVar[str] = contextvars.ContextVar("engarde_gazette_seed", default="")
# Whether the render is the printed edition's (``render``'s context["printed"]), for the filters:
# the macros are given it as an argument, the filters see no macro's arguments.
PRINTED: contextvars.ContextVar[bool] = contextvars.ContextVar("engarde_gazette_printed", default=False)


@dataclass(frozen=True)
class Compacted:
    """A section's events as the gazette prints them: ``prose`` (each told at length, in the
    section's order) and ``lists`` (``(code, events)``, the rest of each routine kind, briefly,
    in the order each kind first appeared)."""

    prose: list[Event]
    lists: list[tuple[str, list[Event]]]

    def told(self, code: str) -> bool:
        """Whether some of ``code`` were told in prose before its list."""
        return any(ev.code == code for ev in self.prose)


def compact(events: Sequence[Event], has_brief: Callable[[str], bool], after: int = COMPACT_AFTER) -> Compacted:
    """The first ``after`` events of each kind its module can say briefly, and every event of
    another kind, in prose; the rest of each kind in its list."""
    prose: list[Event] = []
    lists: dict[str, list[Event]] = {}
    seen: dict[str, int] = {}
    for ev in events:
        seen[ev.code] = seen.get(ev.code, 0) + 1
        if seen[ev.code] > after and has_brief(ev.code):
            lists.setdefault(ev.code, []).append(ev)
        else:
            prose.append(ev)
    return Compacted(prose, list(lists.items()))


@dataclass
class GazetteData:
    """Everything one month's gazette and reports are rendered from.

    ``characters`` are the sheets after the month; ``events`` are that month's
    events, public and private (the gazette prints only the public ones).
    """

    campaign: Campaign
    month: GameMonth
    characters: list[Character]
    events: list[Event]
    errors_count: int | None = None
    # The month's order sheets that counted, by character, in the order they came (letters to
    # the gazette are on them).
    sheets: dict[str, OrderSheet] = field(default_factory=dict)
    registry: Registry | None = None  # the campaign's modules (default: from its house_rules)
    seed: str = ""  # the month's dice seed (its turn's): chooses each event's phrasing (``vary``)
    # Each man's social level over the months, ``(label, level)`` oldest first, the last this
    # month's (the charts: engarde.charts); empty when the caller has no history.
    social_levels: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    # the world at the month's end, the Greasy Pole, Points Arising (engarde.ops.month_facts)
    facts: GazetteFacts = field(default_factory=GazetteFacts)

    def modules(self) -> Registry:
        return self.registry or for_campaign(self.campaign)

    def character(self, name: str) -> Character:
        for ch in self.characters:
            if ch.name == name:
                return ch
        raise LookupError(f"no character named {name!r} in {self.campaign.id} for {self.month}")


@dataclass
class Page:
    """What a gazette section's ``context`` reads: the month's data, its public events in
    week order, and those of them the registry sends to each section."""

    data: GazetteData
    public: list[Event]
    by_section: dict[str, list[Event]]

    @functools.cached_property
    def characters(self) -> list[Character]:
        """The month's men: not one created after it was resolved (its gazette written again later)."""
        in_play = self.data.facts.in_play
        return [ch for ch in self.data.characters if in_play is None or ch.name in in_play]

    def section(self, name: str) -> list[Event]:
        return self.by_section.get(name, [])


# -- the environment ----------------------------------------------------------


def environment(campaign: Campaign, registry: Registry | None = None) -> jinja2.Environment:
    """The one Jinja environment: the campaign's templates first, then ours, then each
    module's (``NAME/...`` is the module NAME's ``templates/`` folder).

    Kept per template folder and set of modules, so the gazette and every report share
    compiled templates (compiling them is most of the cost of publishing); Jinja still
    reloads a template whose file has changed.
    """
    return _environment(campaign.templates_folder(), registry or for_campaign(campaign))


class _CampaignLoader(jinja2.FileSystemLoader):
    """The campaign's template folder: a file that is not UTF-8 is a mistake with a line, like
    any other in a template, not a decoding error."""

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        try:
            return super().get_source(environment, template)
        except UnicodeDecodeError as exc:
            path = next((Path(folder, *template.split("/")) for folder in self.searchpath
                         if Path(folder, *template.split("/")).is_file()), Path(template))
            data = exc.object if isinstance(exc.object, bytes) else b""
            line = data.count(b"\n", 0, exc.start) + 1
            raise jinja2.TemplateSyntaxError(f"not UTF-8 (the byte 0x{data[exc.start]:02x}); save it as UTF-8",
                                             line, template, str(path)) from None


class _CompiledTemplates(jinja2.FileSystemBytecodeCache):
    """The templates compiled once and kept between runs, by Jinja's own cache (in the user's
    own folder of the system's temporary folder, written whole or not at all, a template
    changed since compiled again): compiling the gazette's and the reports' templates was about
    a second of every ``engarde gazette``.  A cache that cannot be read or written is no cache,
    never a failure of the gazette."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except (OSError, ValueError, EOFError, TypeError):  # unreadable or not marshal data
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def _compiled_templates(env: jinja2.Environment) -> jinja2.BytecodeCache | None:
    """The cache of ``env``'s compiled templates, named for what their code depends on besides
    their source (``_compiled_with``): a template compiled by another engarde or Jinja is
    compiled again, never run with what it was compiled against."""
    try:
        return _CompiledTemplates(pattern=f"__engarde_{_compiled_with(env)}_%s.cache")
    except (OSError, RuntimeError):  # no temporary folder that is safely the user's own
        return None


def _compiled_with(env: jinja2.Environment) -> str:
    # Jinja's cache knows a template's source only.  The compiled code also holds how each
    # filter and test is called (given the context or not: an upgrade that changed one ran the
    # old code against it and failed) and the syntax settings the source was read with.
    made = [jinja2.__version__, sys.version, repr(sorted(env.extensions)),
            repr([getattr(env, k) for k in ("block_start_string", "block_end_string", "variable_start_string",
                                            "variable_end_string", "comment_start_string", "comment_end_string",
                                            "line_statement_prefix", "line_comment_prefix", "trim_blocks",
                                            "lstrip_blocks", "newline_sequence", "keep_trailing_newline",
                                            "optimized")])]
    for kind in (env.filters, env.tests):
        made.append(repr(sorted((name, str(getattr(f, "jinja_pass_arg", ""))) for name, f in kind.items())))
    return hashlib.sha256("\0".join(made).encode()).hexdigest()[:16]


@functools.lru_cache(maxsize=8)
def _environment(templates: Path | None, modules: Registry) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if templates is not None:
        loaders.append(_CampaignLoader(str(templates)))
    loaders.append(jinja2.PackageLoader("engarde", "templates"))
    loaders.append(jinja2.PrefixLoader({
        m.name: jinja2.PackageLoader(m.templates, "templates")
        for m in (*modules.modules, *modules.inactive) if m.templates}))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=jinja2.select_autoescape(
            enabled_extensions=("html", "htm", "xml", "html.j2", "htm.j2", "xml.j2"),
            default_for_string=True,
        ),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(
        signed=signed,
        week=week_label,
        crowns=crowns,
        ordinal=ordinal,
        names=names,
        unmarked=unmarked,
        the=the,
        possessive=possessive,
        field_label=field_label,
        pick=pick,
    )
    env.bytecode_cache = _compiled_templates(env)  # (once the filters are in: the cache's name holds them)
    env.globals["codes"] = all_codes()
    env.globals["MONTH_START"] = MONTH_START
    env.globals["MONTH_END"] = MONTH_END
    env.globals["vary"] = vary
    env.globals["event_macro"] = event_macro = _macros(env, modules)
    env.globals["compact"] = lambda events, after=COMPACT_AFTER: compact(
        events, lambda code: event_macro(code, "brief") is not None, after)
    env.globals.update(compact_after=COMPACT_AFTER, print_items=PRINT_ITEMS, print_rows=PRINT_ROWS,
                       print_names=PRINT_NAMES, printed=False)
    return env


def _macros(env: jinja2.Environment, modules: Registry) -> Callable[[str, str], Any]:
    """``event_macro(code, name)``: the macro (``news``, ``line``, ``obituary``) the module
    whose event it is says it with, or None."""

    @functools.lru_cache(maxsize=None)
    def event_macro(code: str, name: str) -> Any:
        module = modules.code_module.get(code)
        if module is None:
            return None
        try:
            template = env.get_template(f"{module}/events.html.j2")
        except jinja2.TemplateNotFound:
            return None
        return getattr(template.module, name, None)

    return event_macro


# -- phrasings ---------------------------------------------------------------------


def identity(key: Any) -> str:
    """What ``vary`` hashes of a key: an event's code, week and characters, else the text."""
    if isinstance(key, Event):
        return "|".join((key.code, str(key.week), *key.characters))
    return str(key)


def vary(key: Any, n: int, part: str = "") -> int:
    """Which of ``n`` phrasings to use for ``key`` this month: a hash of (the seed, the key's
    identity), the same on every render of the month (not Python's ``hash``, which changes
    between runs)."""
    if n <= 1:
        return 0
    digest = hashlib.blake2b(f"{SEED.get()}\x1f{identity(key)}\x1f{part}".encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % n


def pick(options: Sequence[Any], key: Any, part: str = "") -> Any:
    """One of ``options``, chosen by ``vary``."""
    return options[vary(key, len(options), part)]


# -- filters -------------------------------------------------------------------


def signed(n: int | None) -> str:
    """``+3``, ``-2``, ``0``."""
    if n is None:
        return ""
    return f"{n:+d}" if n else "0"


def crowns(n: int) -> str:
    return f"{n} crown" if n in (1, -1) else f"{n} crowns"


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _autoescaping(eval_ctx: Any) -> bool:
    return bool(getattr(eval_ctx, "autoescape", True))


# The printed edition sets the names of its lists in the text's own type: a list of more names
# than this (``names``), and the routine news listed a few words an item (``unmarked``).  A
# paragraph holding marked-up names is laid out by WeasyPrint box by box, one of plain text at
# once: a 1,000-man gazette's lists held nine in ten of its names, and its PDF was made in 1.96 s
# where it took 2.8 (the names of the news told at length stay marked).
PRINT_MARKED_NAMES = 2
_MARKED_NAME = re.compile(r'<span class="name">([^<]*)</span>')


@jinja2.pass_eval_context
def names(eval_ctx: Any, items: Iterable[str], tag: bool = True) -> Markup | str:
    """``A``, ``A and B``, ``A, B and C``; each name escaped (and marked up, but in a long list of
    the printed edition: ``PRINT_MARKED_NAMES``)."""
    items = list(items)
    if _autoescaping(eval_ctx):
        tag = tag and not (PRINTED.get() and len(items) > PRINT_MARKED_NAMES)
        parts = [
            Markup('<span class="name">%s</span>') % n if tag else escape(n) for n in items
        ]
        sep, last = Markup(", "), Markup(" and ")
    else:
        parts, sep, last = [str(n) for n in items], ", ", " and "
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return sep.join(parts[:-1]) + last + parts[-1]


def unmarked(text: str) -> Markup:
    """Rendered markup with its names (``<span class="name">``) in the text's own type."""
    return Markup(_MARKED_NAME.sub(r"\1", str(text)))


def the(name: str) -> str:
    """A club's name mid-sentence: ``The Blue Gables`` becomes ``the Blue Gables``."""
    return "the " + name[4:] if name.startswith("The ") else name


def field_label(name: str) -> str:
    """A ledger field for people: ``social_level`` -> ``social level``,
    ``practice.rapier`` -> ``practice (rapier)``."""
    if "." in name:
        head, key = name.split(".", 1)
        return f"{head.replace('_', ' ')} ({key})"
    return name.replace("_", " ")


# -- gathering -------------------------------------------------------------------


def _by_week(events: Iterable[Event]) -> list[Event]:
    """Stable: week order, and within a week the order the rules made them."""
    return sorted(events, key=lambda ev: ev.week)


def gazette_context(data: GazetteData) -> dict[str, Any]:
    """Every variable of the gazette: its own, and each section's (``Section.context``)."""
    modules = data.modules()
    public = [ev for ev in _by_week(data.events) if ev.public]
    by_section: dict[str, list[Event]] = {s.name: [] for s in modules.sections}
    for ev in public:
        for name in modules.code_sections.get(ev.code, ()):
            by_section[name].append(ev)
    page = Page(data, public, by_section)
    context: dict[str, Any] = {
        "campaign": data.campaign,
        "month": data.month,
        "errors_count": data.errors_count,
        "characters": page.characters,
        "events": public,
        "sections": list(modules.sections),
        "seed": data.seed,
        "greasy_pole_chart": greasy_pole_chart(sl_changes(data)),
    }
    for section in modules.sections:
        if section.context is not None:
            context.update(section.context(page))
    return context


def sl_changes(data: GazetteData) -> list[tuple[str, int]]:
    """Each living man's change of social level this month (the Greasy Pole chart's rows), from
    his history's last two points."""
    changes = []
    for ch in data.characters:
        points = data.social_levels.get(ch.name, ())
        if not ch.dead and len(points) >= 2:
            changes.append((ch.name, points[-1][1] - points[-2][1]))
    return changes


@dataclass
class Grouped:
    """The month's events and ledger entries by character, each man's in week order and within
    a week in the order the rules made them: sorted and grouped once for every report, not
    filtered out of the whole month for each."""

    characters: dict[str, Character]
    events: dict[str, list[Event]]
    ledger: dict[str, list[LedgerEntry]]
    # what the report sections' ``context`` give, made once for every report (a module's index of
    # its state by man, say, rather than a walk of the whole state in each report)
    sections: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, data: GazetteData, ledger: Sequence[LedgerEntry]) -> "Grouped":
        events: dict[str, list[Event]] = {}
        for ev in _by_week(data.events):
            for name in dict.fromkeys(ev.characters):
                events.setdefault(name, []).append(ev)
        entries: dict[str, list[LedgerEntry]] = {}
        for e in sorted((e for e in ledger if e.month == data.month), key=lambda e: e.week):
            entries.setdefault(e.character, []).append(e)
        characters: dict[str, Character] = {}
        for ch in data.characters:
            characters.setdefault(ch.name, ch)  # the first of a name, as data.character finds him
        sections: dict[str, Any] = {}
        for section in data.modules().report_sections:
            if section.context is not None:
                sections.update(section.context(data))
        return cls(characters, events, entries, sections)


def report_context(data: GazetteData, character_name: str, ledger: Sequence[LedgerEntry],
                   grouped: Grouped | None = None) -> dict[str, Any]:
    """One report's variables; ``grouped``: the month grouped once for many reports (default:
    grouped for this one)."""
    grouped = grouped or Grouped.of(data, ledger)
    ch = grouped.characters.get(character_name) or data.character(character_name)
    his = grouped.events.get(character_name, [])
    weeks: dict[int, list[Event]] = {w: [] for w in range(1, WEEKS_PER_MONTH + 1)}
    for ev in his:
        weeks.setdefault(ev.week, []).append(ev)
    entries = grouped.ledger.get(character_name, [])
    return {
        "campaign": data.campaign,
        "month": data.month,
        "character": ch,
        "events": his,
        "weeks": sorted(weeks.items()),
        "ledger": entries,
        "report_sections": list(data.modules().report_sections),
        "world": data.facts.world,
        **grouped.sections,
        "seed": data.seed,
        "social_level_chart": social_level_chart(data.social_levels.get(character_name, ())),
    }


# -- rendering ----------------------------------------------------------------------


def render_html(data: GazetteData, env: jinja2.Environment | None = None, printed: bool = False) -> str:
    """The month's gazette as one HTML document: the whole edition (the archive), or with
    ``printed`` the one the PDF is made from, whose long lists and table are cut short."""
    env = env or environment(data.campaign, data.modules())
    return render(env, GAZETTE_TEMPLATE, {**gazette_context(data), "printed": printed}, data.campaign)


def render(env: jinja2.Environment, name: str, context: dict[str, Any], campaign: Campaign) -> str:
    """A template rendered; a mistake in a template (the campaign's own or ours) is a
    CampaignError naming the template file and its line; ``context["seed"]`` chooses the
    phrasings (``vary``) for this render."""
    token = SEED.set(str(context.get("seed", "")))
    printing = PRINTED.set(bool(context.get("printed")))
    try:
        return env.get_template(name).render(context)
    except jinja2.TemplateSyntaxError as exc:
        raise CampaignError(f"{_template_path(exc.filename or exc.name or name, campaign)}, line {exc.lineno}: "
                            f"{exc.message}") from None
    except Exception as exc:
        where = _template_frame(exc.__traceback__)
        if where is None:
            if isinstance(exc, jinja2.TemplateNotFound):
                raise CampaignError(f"no template {exc.name!r} (looked in "
                                    f"{campaign.templates or 'engarde/templates'})") from None
            raise
        filename, line = where
        raise CampaignError(f"{_template_path(filename, campaign)}, line {line}: {_problem(exc)}") from exc
    finally:
        SEED.reset(token)
        PRINTED.reset(printing)


# The file names a template may have (its frames in a traceback carry them).
TEMPLATE_SUFFIXES = (".j2", ".html", ".jinja", ".jinja2", ".txt")


def _template_frame(tb: Any) -> tuple[str, int] | None:
    """Where in a template an error was raised: the innermost frame Jinja gave the template's
    own file name and line (it rewrites the traceback so)."""
    found = None
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.endswith(TEMPLATE_SUFFIXES):
            found = (filename, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _problem(exc: BaseException) -> str:
    if isinstance(exc, jinja2.TemplateNotFound):
        return f"no template {exc.name!r}"
    if isinstance(exc, jinja2.TemplateError):
        return str(exc.message or exc)
    return f"{type(exc).__name__}: {exc}"


def _template_path(filename: str, campaign: Campaign) -> str:
    """A template's file as the GM finds it: beside campaigns.toml, or in the engarde package."""
    path = Path(filename)
    for base in (campaign.base_dir, Path(__file__).parent.parent):
        try:
            return str(path.resolve().relative_to(Path(base).resolve()))
        except ValueError:
            continue
    return filename


def render_report(
    data: GazetteData,
    character_name: str,
    ledger: Sequence[LedgerEntry],
    env: jinja2.Environment | None = None,
    grouped: Grouped | None = None,
) -> str:
    """One player's private report: his sheet, his events week by week, his ledger."""
    env = env or environment(data.campaign, data.modules())
    return render(env, REPORT_TEMPLATE, report_context(data, character_name, ledger, grouped), data.campaign)


# -- writing ---------------------------------------------------------------------------


def _safe_component(text: str, what: str) -> str:
    if not text or text in (".", "..") or "/" in text or "\\" in text or "\0" in text:
        raise ValueError(f"{what} {text!r} cannot be used as a folder name")
    return text


def campaign_folder(campaign: Campaign) -> Path:
    return Path(campaign.newsletters) / _safe_component(campaign.id, "campaign id")


def slugify(name: str, max_length: int = 60) -> str:
    """A file-name-safe slug: ASCII letters, digits and single hyphens only.

    ``<script>`` and ``../`` cannot survive: every run of other characters
    becomes one hyphen.  An empty result falls back to a hash of the name.
    """
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:max_length].strip("-")
    return slug or "character-" + _digest(name)


def _digest(name: str) -> str:
    return hashlib.sha1(name.encode("utf-8")).hexdigest()[:8]


def report_slugs(character_names: Iterable[str]) -> dict[str, str]:
    """A distinct slug per name; names whose slugs collide each get a hash suffix,
    so the file a name gets does not depend on the order of the others."""
    plain = {n: slugify(n) for n in dict.fromkeys(character_names)}
    counts: dict[str, int] = {}
    for slug in plain.values():
        counts[slug] = counts.get(slug, 0) + 1
    return {n: (s if counts[s] == 1 else f"{s}-{_digest(n)}") for n, s in plain.items()}


def pdf_bytes(html: str, base_url: Path) -> bytes:
    """The PDF of an HTML page (WeasyPrint), in memory: written only once it is whole.  Tagged
    (``pdf_tags``: headings, paragraphs, lists and tables marked for screen readers)."""
    return _weasyprint()(string=html, base_url=str(base_url)).write_pdf(pdf_tags=True)


# Reports per task sent to a child: enough that pickling and the round trip are small beside
# WeasyPrint's work (about a tenth of a second a report).
PDF_CHUNK = 8


def pdfs_bytes(pages: Sequence[str], base_url: Path) -> list[bytes]:
    """The PDFs of several pages, in order: on both cores where the system forks and there are
    several, else one after another."""
    if len(pages) < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [pdf_bytes(html, base_url) for html in pages]
    _weasyprint()  # imported once, here: the children inherit it
    workers = min(len(pages), max(1, os.cpu_count() or 1), 2)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"), initializer=children.die_with,
                             initargs=(os.getpid(),)) as pool:
        return list(pool.map(pdf_bytes, pages, [base_url] * len(pages), chunksize=PDF_CHUNK))


def write_pdf(html: str, path: Path, base_url: Path) -> Path:
    return files.write_bytes(path, pdf_bytes(html, base_url))


class PdfJob:
    """A PDF made while other work goes on: in a child process where the system forks (so the
    players' reports render on the other core meanwhile), else at once.

    ``PdfJob()`` starts the child, which imports WeasyPrint (some 0.4 s) while the caller reads
    the month; ``make(html, base_url)`` hands it the page; ``result()`` gives its bytes, or
    raises what making it raised.  (Imported in the parent, WeasyPrint delayed the PDF, the
    deadline's longest task, by that much.)"""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._future: Future[bytes] | None = None
        self._bytes: bytes | None = None
        if "fork" in multiprocessing.get_all_start_methods():
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
            self._pool.submit(_warm, os.getpid())

    def make(self, html: str | None, base_url: Path) -> "PdfJob":
        if self._pool is None:
            self._bytes = pdf_bytes(html, base_url)  # type: ignore[arg-type]
        else:
            self._future = self._pool.submit(pdf_bytes, html, base_url)
        return self

    def result(self) -> bytes:
        if self._pool is None:
            assert self._bytes is not None
            return self._bytes
        assert self._future is not None, "make() gives the job its page first"
        try:
            return self._future.result()
        finally:
            self.close()

    def close(self) -> None:
        """Wait for the child and let it go (after ``result``, or when other work failed)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)


def _warm(parent: int) -> None:
    """The PDF's child readied before its page comes: it ends with the command (``children.die_with``),
    WeasyPrint imported, and the collector of reference cycles set aside.  The child makes one
    PDF and ends, and WeasyPrint's thousands of boxes had it walk the heap inherited from the
    parent again and again (1,000 men: 0.15 s)."""
    children.die_with(parent)
    _weasyprint()
    gc.freeze()
    gc.disable()


def _weasyprint() -> Any:
    from weasyprint import HTML  # slow to import (0.6 s): only when a PDF is wanted

    return HTML


def gazette_files(data: GazetteData, pdf: bool = True) -> list[tuple[Path, bytes]]:
    """``<newsletters>/<campaign>/<YYYY-MM>.html`` (and ``.pdf``), rendered, not yet written."""
    job = PdfJob() if pdf else None
    try:
        rendered, path = start_gazette(data, job)
        if job is not None:
            rendered.append((path, job.result()))
    finally:
        if job is not None:
            job.close()
    return rendered


def start_gazette(data: GazetteData, job: PdfJob | None = None) -> tuple[list[tuple[Path, bytes]], Path]:
    """The gazette's HTML file rendered, and its PDF given to ``job`` (made from the printed
    edition: WeasyPrint never sees the rows it would not print); the PDF's path."""
    folder = campaign_folder(data.campaign)
    env = environment(data.campaign, data.modules())
    # the printed edition first, so the PDF is under way while the whole edition renders
    if job is not None:
        job.make(render_html(data, env, printed=True), folder)
    rendered = [(folder / f"{data.month.key}.html", render_html(data, env).encode("utf-8"))]
    return rendered, folder / f"{data.month.key}.pdf"


def with_order_sheet(html: str, month: GameMonth, sheet: str) -> str:
    """A report's HTML with next month's sheet (``engarde.ops.sheet_template.order_template``) at
    its end, as plain lines a reply quotes: the report file and the mailed report end alike."""
    escaped = sheet.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    block = (f'<section class="orders-sheet"><h2>Your orders for {month}</h2>'
             f"<p>Reply with this sheet filled in.</p><pre>{escaped}</pre></section>")
    at = html.rfind("</body>")
    return html[:at] + block + html[at:] if at >= 0 else html + block


def reported(data: GazetteData) -> list[Character]:
    """The characters who have a report this month: the living, and a dead man for the month he
    died (his events), not after."""
    named = {name for ev in data.events for name in ev.characters}
    return [ch for ch in data.characters if not ch.dead or ch.name in named]


def report_files(
    data: GazetteData,
    ledger: Sequence[LedgerEntry],
    pdf: bool = False,
    only: Iterable[str] | None = None,
    sheets: Mapping[str, str] | None = None,
    tick: Tick = nothing,
) -> list[tuple[Path, bytes]]:
    """Every character's report (or only those named), rendered, not yet written:
    ``<newsletters>/<campaign>/reports/<YYYY-MM>/<slug>.html`` (and ``.pdf``); ``sheets``: next
    month's order sheet of each man who has one, put at the end of his report."""
    folder = campaign_folder(data.campaign) / "reports" / data.month.key
    wanted = list(only) if only is not None else [ch.name for ch in reported(data)]
    slugs = report_slugs(ch.name for ch in data.characters)
    for name in wanted:
        if name not in slugs:
            data.character(name)  # raises LookupError naming him
    env = environment(data.campaign, data.modules())
    grouped = Grouped.of(data, ledger)

    def one(name: str) -> bytes:
        html = render_report(data, name, ledger, env=env, grouped=grouped)
        if sheets and name in sheets:
            html = with_order_sheet(html, data.month.next(), sheets[name])
        return html.encode("utf-8")

    # on both cores (a large campaign's reports are most of its gazette): engarde.children
    made = children.shared(one, wanted, tick)
    rendered = [(folder / f"{slugs[name]}.html", html) for name, html in zip(wanted, made)]
    if pdf:
        printed = pdfs_bytes([html.decode("utf-8") for html in made], folder)
        rendered += [(path.with_suffix(".pdf"), content) for (path, _), content in zip(rendered, printed)]
    return rendered


def write_files(rendered: Iterable[tuple[Path, bytes]]) -> list[Path]:
    """Write each file whole or not at all (engarde.files), making its folder if need be."""
    rendered = list(rendered)
    for folder in dict.fromkeys(path.parent for path, _content in rendered):
        folder.mkdir(parents=True, exist_ok=True)
    return files.write_many(rendered)


def write_gazette(data: GazetteData, pdf: bool = True) -> list[Path]:
    """Write ``<newsletters>/<campaign>/<YYYY-MM>.html`` (and ``.pdf``); return the paths."""
    return write_files(gazette_files(data, pdf=pdf))


def write_reports(
    data: GazetteData,
    ledger: Sequence[LedgerEntry],
    pdf: bool = False,
    only: Iterable[str] | None = None,
) -> list[Path]:
    """Write every character's report (or only those named) to
    ``<newsletters>/<campaign>/reports/<YYYY-MM>/<slug>.html`` (and ``.pdf``)."""
    return write_files(report_files(data, ledger, pdf=pdf, only=only))

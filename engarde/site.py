"""The static web archive (``engarde site build``): every published gazette, an index, a page per
character with his public facts, and an Atom feed: files any web host serves, every link relative.

This module renders; ``engarde.ops.site`` reads the campaign (one snapshot) and writes the files.
Everything goes through the gazette's one Jinja environment (``engarde.gazette.environment``), so
a GM may override any of the site's templates in the campaign's templates folder too:

``site/issue.html.j2`` (extends ``gazette.html.j2``)
    every variable of the gazette, and ``nav`` (an ``IssueNav``: ``index``, ``previous`` and
    ``next``, each a ``Link`` with ``href`` and ``label``, or None) and ``root`` (the relative
    path to the archive's top, "" here).
``site/index.html.j2``
    ``campaign``, ``issues`` (``IssueLink`` list, in the calendar's order), ``root``.
``site/characters.html.j2``
    ``campaign``, ``lives`` (every ``Life``, by name), ``root`` ("../").
``site/character.html.j2``
    ``campaign``, ``life`` (one ``Life``: public facts only), ``issues``, ``root`` ("../"),
    ``chart`` (his social level month by month, an inline SVG from ``engarde/charts.py``; empty
    before two months), drawn in its ``sl_chart`` block.
``site/feed.xml.j2``
    ``campaign``, ``issues`` (newest first), ``feed_id``, ``updated``, ``base`` (the site's
    public address ending in "/", or "" for links relative to the feed).

A character's page says only what the gazette has printed or would print: his title, social
level, regiment and rank, appointment, club and death (the public tables), his social level at
the end of each published month, and the public events of the duel (his affairs of honour) and
of the regiments, appointments, titles and military modules (his career) that name him, in the
gazette's own words (each module's ``news`` macro).  Never his crowns, his mistress, his
characteristics or a private event.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path, PurePosixPath
from typing import Any

import jinja2

from . import __version__
from . import gazette as gz
from .calendar import GameMonth
from .charts import social_level_chart
from .config import Campaign
from .progress import Tick, nothing
from .records import Character, Event
from .registry import Registry

ISSUE_TEMPLATE = "site/issue.html.j2"
INDEX_TEMPLATE = "site/index.html.j2"
CHARACTERS_TEMPLATE = "site/characters.html.j2"
CHARACTER_TEMPLATE = "site/character.html.j2"
FEED_TEMPLATE = "site/feed.xml.j2"

INDEX = "index.html"
FEED = "feed.xml"
FAVICON = "favicon.ico"
CHARACTERS = "characters"  # the folder of the character pages, with its own index.html

# The modules whose public events naming a man are his affairs of honour, and his career
# (joins, promotions, appointments, titles, mentions at the front).
DUEL_MODULES = frozenset({"duel"})
CAREER_MODULES = frozenset({"regiments", "appointments", "titles", "military"})


@dataclass(frozen=True)
class Link:
    href: str
    label: str


@dataclass(frozen=True)
class IssueLink:
    """An issue as the index and the feed list it."""

    month: GameMonth
    href: str  # relative to the archive's top
    title: str
    updated: dt.datetime  # UTC: when its month was resolved

    @property
    def updated_text(self) -> str:
        """RFC 3339, as Atom wants it."""
        return self.updated.strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class IssueNav:
    index: Link
    previous: Link | None
    next: Link | None


@dataclass
class Life:
    """One man's public record across the published months."""

    name: str
    slug: str
    character: Character | None = None  # his sheet at the end of the last published month
    levels: list[tuple[GameMonth, int]] = field(default_factory=list)  # social level at each month's end
    duels: list[Event] = field(default_factory=list)
    career: list[Event] = field(default_factory=list)
    died: GameMonth | None = None

    @property
    def href(self) -> str:
        return f"{self.slug}.html"

    @property
    def chart_points(self) -> list[tuple[str, int]]:
        """His social level at each month's end, labelled as the charts label them (``Apr 1607``):
        what the chart of his page draws (engarde/charts.py's social_level_chart)."""
        return [(month.short, level) for month, level in self.levels]

    @property
    def public(self) -> dict[str, Any]:
        """The facts of the gazette's public tables, by label (the empty ones left out)."""
        ch = self.character
        if ch is None:
            return {}
        facts = {
            "Title": ch.title,
            "Social Level": ch.social_level,
            "Regiment": ch.regiment,
            "Rank": ch.rank if ch.regiment else None,
            "Appointment": ch.appointment,
            "Club": ch.club,
        }
        return {k: v for k, v in facts.items() if v not in (None, "")}


def issue_href(month: GameMonth) -> str:
    return f"{month.key}.html"


def issue_title(campaign: Campaign, month: GameMonth) -> str:
    return f"{campaign.newspaper}, {month}"


def utc(moment: dt.datetime) -> dt.datetime:
    """A stored moment in UTC (SQLite gives it back without its zone: it was written in UTC)."""
    return moment.replace(tzinfo=dt.timezone.utc) if moment.tzinfo is None else moment.astimezone(dt.timezone.utc)


def issue_links(campaign: Campaign, published: Iterable[tuple[GameMonth, dt.datetime]]) -> list[IssueLink]:
    return [IssueLink(m, issue_href(m), issue_title(campaign, m), utc(at)) for m, at in published]


def navigation(issues: list[IssueLink], at: int) -> IssueNav:
    before = issues[at - 1] if at > 0 else None
    after = issues[at + 1] if at + 1 < len(issues) else None
    return IssueNav(
        index=Link(INDEX, "All issues"),
        previous=Link(before.href, str(before.month)) if before else None,
        next=Link(after.href, str(after.month)) if after else None,
    )


def page_slugs(names: Iterable[str]) -> dict[str, str]:
    """Each man's page's name (the reports' slugs), never the list's own ``index``."""
    slugs = gz.report_slugs(names)
    return {n: (f"{s}-{hashlib.sha1(n.encode('utf-8')).hexdigest()[:8]}" if s == "index" else s)
            for n, s in slugs.items()}


class Chronicle:
    """The lives of every man, gathered one published month at a time (each month's sheets and
    public events seen once: linear in the months, the men and the events)."""

    def __init__(self, registry: Registry, slugs: dict[str, str]) -> None:
        self.registry = registry
        self.lives: dict[str, Life] = {name: Life(name, slug) for name, slug in slugs.items()}
        self._seen: set[str] = set()  # the men who were in some published month

    @property
    def codes(self) -> frozenset[str]:
        """The kinds of event a life shows (its duels and its career): all of a month it reads."""
        return frozenset(code for code, module in self.registry.code_module.items()
                         if module in DUEL_MODULES or module in CAREER_MODULES)

    def month(self, month: GameMonth, characters: Iterable[Character], events: Iterable[Event],
              existed: Iterable[str] | None = None) -> None:
        """The month's end: each man's social level and state (``characters``: his sheet, of
        which only these are read and nothing kept; ``existed``: the names who were in the
        campaign then; default: all) and the month's public events naming him."""
        present = None if existed is None else set(existed)
        for ch in characters:
            life = self.lives.get(ch.name)
            if life is None or (present is not None and ch.name not in present):
                continue
            self._seen.add(ch.name)
            if life.died is None:
                life.levels.append((month, ch.social_level))
                if ch.dead:
                    life.died = month
        for ev in events:
            if not ev.public:
                continue
            module = self.registry.code_module.get(ev.code)
            bucket = "duels" if module in DUEL_MODULES else "career" if module in CAREER_MODULES else None
            if bucket is None:
                continue
            for name in dict.fromkeys(ev.characters):
                life = self.lives.get(name)
                if life is not None:
                    getattr(life, bucket).append(ev)

    def close(self, sheets: Iterable[Character]) -> None:
        """Each man's sheet at the end of the last published month: his page's public facts."""
        for ch in sheets:
            if ch.name in self._seen:
                self.lives[ch.name].character = ch

    def shown(self) -> list[Life]:
        """The men with a page: those who were in some published month, by name."""
        return sorted((life for life in self.lives.values() if life.character is not None),
                      key=lambda life: (life.name.casefold(), life.name))


# -- what an issue page is made from ----------------------------------------------------------

# The archive's own record, in its folder, of what each issue page was made from: a page whose
# stamp is the same and whose file is as written is kept, not made again.  Past months do not
# change, and making every issue again at each build grew with the campaign's length (a half
# second a month at 1,000 characters: twenty seconds a build after three years).
MANIFEST = ".engarde-site.json"
MANIFEST_VERSION = 1


def build_key(campaign: Campaign, env: jinja2.Environment) -> str:
    """What every page is made with: this engarde (its version and its code), the campaign's
    settings and every template's text (the campaign's own and ours).  Any change makes every
    issue again."""
    loader = env.loader
    assert loader is not None
    templates = {name: loader.get_source(env, name)[0] for name in sorted(env.list_templates())}
    settings = {f.name: repr(getattr(campaign, f.name)) for f in fields(campaign) if f.name not in _WHERE}
    return _digest({"engarde": __version__, "code": _code(), "campaign": settings, "templates": templates})


@functools.lru_cache(maxsize=1)
def _code() -> str:
    """A digest of engarde's own Python files (some 250, read in about 10 ms): an engarde that
    reads a month otherwise, upgraded or changed, makes every issue again."""
    root = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


# Where a campaign's files are (its database, folders, campaigns file) is not what a page says:
# the same archive built from another folder, or with a relative path for an absolute one, is kept.
_WHERE = frozenset({"database", "orders", "newsletters", "templates", "base_dir", "source"})


def issue_stamp(key: str, link: IssueLink, nav: IssueNav, seed: str, men: Iterable[tuple[int, str]],
                notes: Iterable[str], world: dict[str, Any] | None) -> str:
    """What one issue page is made from besides its month's records, which never change once the
    month is resolved (``link.updated``: when it was; undone and run again, it is another month):
    its links to the issues beside it, the men who were in the campaign then (``men``: id and
    name, a renamed man's new name is printed), the GM's notes for the month, and for the last
    month the world as it stands (``world``: the GM may set up the next month's Paris before it
    is resolved; None for the months before it, whose world at their end is kept in the next)."""
    return _digest({"build": key, "month": link.month.key, "title": link.title, "updated": link.updated_text,
                    "seed": seed, "nav": repr(nav), "men": sorted(men), "notes": list(notes), "world": world})


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode("utf-8")).hexdigest()


@dataclass
class Manifest:
    """The issue pages in an archive's folder: each one's stamp and its file's digest (href ->
    ``{"stamp", "sha256"}``)."""

    issues: dict[str, dict[str, str]] = field(default_factory=dict)

    @classmethod
    def read(cls, folder: Path) -> "Manifest":
        """The folder's record; an empty one when there is none or it cannot be read (every
        issue is then made again: a lost record costs time, never a stale page)."""
        try:
            data = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
            issues = data["issues"] if data.get("version") == MANIFEST_VERSION else {}
            if not all(isinstance(v, dict) and isinstance(v.get("stamp"), str) and isinstance(v.get("sha256"), str)
                       for v in issues.values()):
                return cls()
            return cls(dict(issues))
        except (OSError, ValueError, AttributeError, KeyError, TypeError):
            return cls()

    def kept(self, folder: Path, href: str, stamp: str) -> bool:
        """Whether the page ``href`` in ``folder`` was made from ``stamp`` and is as it was written."""
        record = self.issues.get(href)
        if record is None or record["stamp"] != stamp:
            return False
        try:
            return hashlib.sha256((folder / href).read_bytes()).hexdigest() == record["sha256"]
        except OSError:
            return False

    def made(self, href: str, stamp: str, data: bytes) -> None:
        self.issues[href] = {"stamp": stamp, "sha256": hashlib.sha256(data).hexdigest()}

    def to_bytes(self, hrefs: Iterable[str]) -> bytes:
        """The record of the issues ``hrefs`` (those the archive has now)."""
        shown = {h: self.issues[h] for h in hrefs if h in self.issues}
        return json.dumps({"version": MANIFEST_VERSION, "issues": shown}, indent=1, sort_keys=True).encode("utf-8")


# -- rendering -------------------------------------------------------------------------------


class Site:
    """The archive's pages, rendered into memory (``files``: relative path -> bytes) before any is
    written: a template that fails writes nothing."""

    def __init__(self, campaign: Campaign, registry: Registry, issues: list[IssueLink]) -> None:
        self.campaign = campaign
        self.env: jinja2.Environment = gz.environment(campaign, registry)
        self.issues = issues
        self.files: dict[PurePosixPath, bytes] = {}

    def _render(self, template: str, path: str, context: dict[str, Any]) -> None:
        html = gz.render(self.env, template, context, self.campaign)
        self.files[PurePosixPath(path)] = html.encode("utf-8")

    def issue(self, data: gz.GazetteData) -> bytes:
        """The month's issue page, rendered (and kept in ``files``)."""
        at = next(i for i, link in enumerate(self.issues) if link.month == data.month)
        context = {**gz.gazette_context(data), "printed": False, "nav": navigation(self.issues, at), "root": ""}
        self._render(ISSUE_TEMPLATE, self.issues[at].href, context)
        return self.files[PurePosixPath(self.issues[at].href)]

    def index(self) -> None:
        self._render(INDEX_TEMPLATE, INDEX, {"campaign": self.campaign, "issues": self.issues, "root": ""})

    def characters(self, lives: list[Life], tick: Tick = nothing) -> None:
        base = {"campaign": self.campaign, "issues": self.issues, "root": "../"}
        self._render(CHARACTERS_TEMPLATE, f"{CHARACTERS}/index.html", {**base, "lives": lives})
        for done, life in enumerate(lives):
            tick(done, len(lives))
            self._render(CHARACTER_TEMPLATE, f"{CHARACTERS}/{life.href}",
                         {**base, "life": life, "chart": social_level_chart(life.chart_points)})
        tick(len(lives), len(lives))

    def feed(self, base_url: str | None = None) -> None:
        base = (base_url.rstrip("/") + "/") if base_url else ""
        newest = list(reversed(self.issues))
        context = {
            "campaign": self.campaign,
            "issues": newest,
            "base": base,
            "feed_id": feed_id(self.campaign, base),
            "entry_id": lambda link: entry_id(self.campaign, base, link),
            "updated": max((i.updated for i in self.issues), default=dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
                           ).strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        self._render(FEED_TEMPLATE, FEED, context)
        self.files[PurePosixPath(FAVICON)] = favicon()


def favicon() -> bytes:
    """A 1x1 icon of the gazette's ink colour: browsers ask every site for /favicon.ico, and a
    missing one is a failed request in the browser's console."""
    pixel = bytes((0x10, 0x1A, 0x23, 0xFF))  # BGRA: #231a10
    bitmap = struct.pack("<IiiHHIIiiII", 40, 1, 2, 1, 32, 0, len(pixel) + 4, 0, 0, 0, 0) + pixel + bytes(4)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 1, 1, 0, 0, 1, 32, len(bitmap), 22) + bitmap


# Without a public address the feed's ids are tag URIs (RFC 4151) of engarde's, stable from one
# build to the next (a feed reader knows an entry again by its id).
TAG = "tag:engarde,2026:"


def feed_id(campaign: Campaign, base: str) -> str:
    return base + FEED if base else f"{TAG}{campaign.id}"


def entry_id(campaign: Campaign, base: str, link: IssueLink) -> str:
    return base + link.href if base else f"{TAG}{campaign.id}/{link.month.key}"

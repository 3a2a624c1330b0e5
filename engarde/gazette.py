"""Publishing: the gazette (the in-character newspaper) and private reports.

Rendering gathers all data first, then renders through one Jinja environment
that looks in the campaign's own template folder before the package templates
(DESIGN.md).  The caller (the store) builds a :class:`GazetteData`; this module
turns it into a template context and renders it.  Templates match events by
their code (``engarde.codes``), never by prose.

A GM overriding a template in the campaign's ``templates`` folder gets these
variables:

``gazette.html.j2``
    ``campaign``, ``month``, ``errors_count`` (int or None),
    ``society`` (public society events, by week), ``club_news`` (public
    membership events, by week), ``regimental_news`` (public regiment,
    appointment and title events, by week), ``club_visits`` (list of ``ClubVisits``, by
    club rank then week), ``precedence`` (the living characters by social level,
    then name), ``characters``, ``events`` (all public events of the month),
    ``affairs`` (public duel events, by week: the Affairs of Honour),
    ``deaths`` (the month's public death events, one per man: the obituary
    line; the dead are left out of ``precedence``).
``report.html.j2``
    ``campaign``, ``month``, ``character`` (his sheet now), ``weeks`` (list of
    ``(week, [events])``, every event of his, public or private),
    ``ledger`` (his ledger entries of the month, in order).

Every template also sees the ``codes`` module and the filters ``signed``,
``week``, ``crowns``, ``ordinal``, ``names``, ``the``, ``possessive`` and
``field_label``.
"""

from __future__ import annotations

import functools

import hashlib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from . import codes
from .rules.appointments.codes import EV_APPOINTED, EV_APPOINTMENT_ENDED
from .rules.bawdyhouse.codes import EV_FOOTPADS
from .rules.clubs.codes import EV_CLUB_JOINED, EV_CLUB_LAPSED, EV_CLUB_RESIGNED, EV_CLUB_VISIT
from .rules.duel.codes import EV_DUEL, EV_DUEL_CAUSE_IGNORED, EV_DUEL_DEATH, EV_DUEL_NO_CAUSE, EV_DUEL_REFUSED
from .rules.gambling.codes import EV_GAMBLING
from .rules.loans.codes import EV_DISGRACED, EV_DISGRACE_LIFTED
from .rules.military.codes import EV_BATTLE_RESULT, EV_BREVET_CONFIRMED, EV_BREVET_REVERTED, EV_CAMPAIGN_DETERMINED, EV_DESPATCHES, EV_KILLED_IN_ACTION, EV_MARCHED, EV_NPC_OFFICER_KILLED, EV_POLTROONERY, EV_PROMOTED_IN_FIELD, EV_RETURNED_FROM_CAMPAIGN, EV_SUBSTITUTION_GRANTED, EV_VOLUNTEERED
from .rules.mistresses.codes import EV_CAUGHT_COURTING, EV_MISTRESS_GIVEN_UP, EV_MISTRESS_LEFT, EV_MISTRESS_SUPPLANTED, EV_NEW_LIAISON, EV_RIVAL_SUITORS, EV_THROWN_OUT
from .rules.regiments.codes import EV_BRIGADE_MAJOR, EV_EXPELLED, EV_RANK_BOUGHT, EV_REGIMENT_JOINED
from .rules.status.codes import EV_CONSPICUOUS, EV_SL_DROPPED, EV_SL_RAISED
from .rules.titles.codes import EV_TITLE_GRANTED
from .calendar import MONTH_END, MONTH_START, WEEKS_PER_MONTH, GameMonth, week_label
from .config import Campaign
from .registry import all_codes
from .records import Character, Event, LedgerEntry
from .rules.clubs.tables import CLUBS, NO_CLUB_RANK, club_by_name

GAZETTE_TEMPLATE = "gazette.html.j2"
REPORT_TEMPLATE = "report.html.j2"

# Which public events the gazette prints, and in which section.  Public events
# with any other code (a later module's) are left to that module's section.
SOCIETY_CODES = (
    EV_SL_RAISED,
    EV_SL_DROPPED,
    EV_CONSPICUOUS,
    EV_FOOTPADS,
    # d. Mistresses and Loans; c. Gambling (public only when of note)
    EV_GAMBLING,
    EV_NEW_LIAISON,
    EV_MISTRESS_GIVEN_UP,
    EV_MISTRESS_SUPPLANTED,
    EV_THROWN_OUT,
    EV_MISTRESS_LEFT,
    EV_RIVAL_SUITORS,
    EV_CAUGHT_COURTING,
    EV_DISGRACED,
    EV_DISGRACE_LIFTED,
)
CLUB_CODES = (
    EV_CLUB_JOINED,
    EV_CLUB_RESIGNED,
    EV_CLUB_LAPSED,
)
VISIT_CODES = (EV_CLUB_VISIT,)
# g. Regiments, appointments and titles: the gazette's regimental news and honours.
REGIMENT_CODES = (
    EV_REGIMENT_JOINED,
    EV_RANK_BOUGHT,
    EV_EXPELLED,
    EV_BRIGADE_MAJOR,
    EV_APPOINTED,
    EV_APPOINTMENT_ENDED,
    EV_TITLE_GRANTED,
)


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
    # Letters to the gazette (campaign.PressLetter: byline, text), printed as sent.
    letters: list[Any] = field(default_factory=list)

    def character(self, name: str) -> Character:
        for ch in self.characters:
            if ch.name == name:
                return ch
        raise LookupError(f"no character named {name!r} in {self.campaign.id} for {self.month}")


@dataclass
class ClubVisits:
    """Who was seen at one club in one week (gathered from club-visit events)."""

    club: str
    week: int
    visitors: list[str] = field(default_factory=list)
    carousers: list[str] = field(default_factory=list)
    # companions named in the events who have no visit of their own
    companions: list[str] = field(default_factory=list)


# -- the environment ----------------------------------------------------------


def environment(campaign: Campaign) -> jinja2.Environment:
    """The one Jinja environment: the campaign's templates first, then ours.

    Kept per template folder, so the gazette and every report share compiled
    templates (compiling them is most of the cost of publishing); Jinja still
    reloads a template whose file has changed.
    """
    return _environment(campaign.templates)


@functools.lru_cache(maxsize=8)
def _environment(templates: Path | None) -> jinja2.Environment:
    loaders: list[jinja2.BaseLoader] = []
    if templates is not None:
        loaders.append(jinja2.FileSystemLoader(str(templates)))
    loaders.append(jinja2.PackageLoader("engarde", "templates"))
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
        the=the,
        possessive=possessive,
        field_label=field_label,
    )
    env.globals["codes"] = all_codes()
    env.globals["MONTH_START"] = MONTH_START
    env.globals["MONTH_END"] = MONTH_END
    return env


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


@jinja2.pass_eval_context
def names(eval_ctx: Any, items: Iterable[str], tag: bool = True) -> Markup | str:
    """``A``, ``A and B``, ``A, B and C``; each name escaped (and marked up)."""
    items = list(items)
    if _autoescaping(eval_ctx):
        parts = [
            Markup('<span class="name">%s</span>') % n if tag else escape(n) for n in items
        ]
        sep, last = Markup(", "), Markup(" and ")
    else:
        parts, sep, last = [str(n) for n in items], ", ", " and "
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return sep.join(parts[:-1]) + last + parts[-1]


def the(name: str) -> str:
    """A club's name mid-sentence: ``The Blue Gables`` becomes ``the Blue Gables``."""
    return "the " + name[4:] if name.startswith("The ") else name


def possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


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


def _club_rank(name: str) -> tuple[int, str]:
    club = club_by_name(name)
    return (club.rank if club else NO_CLUB_RANK, name)


def precedence(characters: Iterable[Character]) -> list[Character]:
    """The table of precedence: the living, by social level, highest first, then name.  The dead
    (``state == "dead"``) are not listed: the month they die, the gazette's Deaths line names them."""
    living = [ch for ch in characters if ch.state != DEAD]
    return sorted(living, key=lambda ch: (-ch.social_level, ch.name.casefold(), ch.name))


# The deaths of the month (e. Duelling, i. Campaign Outcome): the gazette's obituary line.
DEATH_CODES = (EV_DUEL_DEATH, EV_KILLED_IN_ACTION)
DEAD = "dead"  # Character.state of a man killed (engarde.rules.duel.DEAD, engarde.rules.military.STATE_DEAD)


def deaths(events: Iterable[Event]) -> list[Event]:
    """The public death events of the month, one for each man, in week order."""
    seen: set[str] = set()
    found = []
    for ev in _by_week(events):
        if ev.public and ev.code in DEATH_CODES and ev.characters and ev.characters[0] not in seen:
            seen.add(ev.characters[0])
            found.append(ev)
    return found


def club_visits(events: Iterable[Event]) -> list[ClubVisits]:
    """Group public club-visit events by club and week."""
    groups: dict[tuple[str, int], ClubVisits] = {}
    named: dict[tuple[str, int], list[str]] = {}
    for ev in _by_week(events):
        if not ev.public or ev.code not in VISIT_CODES:
            continue
        key = (str(ev.data["club"]), ev.week)
        group = groups.setdefault(key, ClubVisits(club=key[0], week=ev.week))
        for who in ev.characters:
            if who not in group.visitors:
                group.visitors.append(who)
            if ev.data.get("caroused") and who not in group.carousers:
                group.carousers.append(who)
        for companion in ev.data.get("companions") or ():
            named.setdefault(key, [])
            if companion not in named[key]:
                named[key].append(companion)
    for key, group in groups.items():
        group.companions = [c for c in named.get(key, []) if c not in group.visitors]
    return [groups[k] for k in sorted(groups, key=lambda k: (_club_rank(k[0]), k[1]))]


# h./i. Military campaigns: the "News from the Front" section (engarde.rules.military)
FRONT_CODES = (
    EV_CAMPAIGN_DETERMINED,
    EV_SUBSTITUTION_GRANTED,
    EV_MARCHED,
    EV_VOLUNTEERED,
    EV_BATTLE_RESULT,
    EV_KILLED_IN_ACTION,
    EV_DESPATCHES,
    EV_PROMOTED_IN_FIELD,
    EV_POLTROONERY,
    EV_RETURNED_FROM_CAMPAIGN,
    EV_BREVET_CONFIRMED,
    EV_BREVET_REVERTED,
    EV_NPC_OFFICER_KILLED,
)


# e. Duelling: the gazette's "Affairs of Honour" (engarde.rules.duel)
# (a death in a duel is told by the duel itself here, and in the Deaths line: DEATH_CODES)
DUEL_CODES = (
    EV_DUEL,
    EV_DUEL_REFUSED,
    EV_DUEL_NO_CAUSE,
    EV_DUEL_CAUSE_IGNORED,
)


def gazette_context(data: GazetteData) -> dict[str, Any]:
    public = [ev for ev in _by_week(data.events) if ev.public]
    return {
        "campaign": data.campaign,
        "month": data.month,
        "errors_count": data.errors_count,
        "characters": list(data.characters),
        "events": public,
        "society": [ev for ev in public if ev.code in SOCIETY_CODES],
        "club_news": [ev for ev in public if ev.code in CLUB_CODES],
        "regimental_news": [ev for ev in public if ev.code in REGIMENT_CODES],
        "front_news": [ev for ev in public if ev.code in FRONT_CODES],
        "affairs": [ev for ev in public if ev.code in DUEL_CODES],
        "club_visits": club_visits(public),
        "precedence": precedence(data.characters),
        "deaths": deaths(public),
        "clubs": CLUBS,
        "press": list(data.letters),
    }


def report_context(data: GazetteData, character_name: str, ledger: Sequence[LedgerEntry]) -> dict[str, Any]:
    ch = data.character(character_name)
    his = [ev for ev in _by_week(data.events) if character_name in ev.characters]
    weeks: dict[int, list[Event]] = {w: [] for w in range(1, WEEKS_PER_MONTH + 1)}
    for ev in his:
        weeks.setdefault(ev.week, []).append(ev)
    entries = [e for e in ledger if e.character == character_name and e.month == data.month]
    entries.sort(key=lambda e: e.week)
    return {
        "campaign": data.campaign,
        "month": data.month,
        "character": ch,
        "events": his,
        "weeks": sorted(weeks.items()),
        "ledger": entries,
    }


# -- rendering ----------------------------------------------------------------------


def render_html(data: GazetteData, env: jinja2.Environment | None = None) -> str:
    """The month's gazette as one HTML document."""
    env = env or environment(data.campaign)
    return env.get_template(GAZETTE_TEMPLATE).render(gazette_context(data))


def render_report(
    data: GazetteData,
    character_name: str,
    ledger: Sequence[LedgerEntry],
    env: jinja2.Environment | None = None,
) -> str:
    """One player's private report: his sheet, his events week by week, his ledger."""
    env = env or environment(data.campaign)
    return env.get_template(REPORT_TEMPLATE).render(report_context(data, character_name, ledger))


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


def write_pdf(html: str, path: Path, base_url: Path) -> Path:
    from weasyprint import HTML  # slow to import; only when a PDF is wanted

    HTML(string=html, base_url=str(base_url)).write_pdf(str(path))
    return path


def write_gazette(data: GazetteData, pdf: bool = True) -> list[Path]:
    """Write ``<newsletters>/<campaign>/<YYYY-MM>.html`` (and ``.pdf``); return the paths."""
    folder = campaign_folder(data.campaign)
    folder.mkdir(parents=True, exist_ok=True)
    html = render_html(data)
    html_path = folder / f"{data.month.key}.html"
    html_path.write_text(html, encoding="utf-8")
    written = [html_path]
    if pdf:
        written.append(write_pdf(html, folder / f"{data.month.key}.pdf", folder))
    return written


def write_reports(
    data: GazetteData,
    ledger: Sequence[LedgerEntry],
    pdf: bool = False,
    only: Iterable[str] | None = None,
) -> list[Path]:
    """Write every character's report (or only those named) to
    ``<newsletters>/<campaign>/reports/<YYYY-MM>/<slug>.html`` (and ``.pdf``)."""
    folder = campaign_folder(data.campaign) / "reports" / data.month.key
    folder.mkdir(parents=True, exist_ok=True)
    # A dead man's report is written for the month he died (his events), not after.
    wanted = list(only) if only is not None else [
        ch.name for ch in data.characters
        if ch.state != DEAD or any(ch.name in ev.characters for ev in data.events)]
    slugs = report_slugs(ch.name for ch in data.characters)
    env = environment(data.campaign)
    written: list[Path] = []
    for name in wanted:
        if name not in slugs:
            data.character(name)  # raises LookupError naming him
        html = render_report(data, name, ledger, env=env)
        path = folder / f"{slugs[name]}.html"
        path.write_text(html, encoding="utf-8")
        written.append(path)
        if pdf:
            written.append(write_pdf(html, path.with_suffix(".pdf"), folder))
    return written

"""A campaign's deadline rule: iCalendar recurrence text read in the campaign's time zone.

``deadlines`` in campaigns.toml is an RRULE (``FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;BYHOUR=18``),
or iCalendar lines: ``RRULE:...`` (one or more), and optionally ``DTSTART:...`` (the start,
instead of ``deadline_start``), ``RDATE:...`` (extra deadlines) and ``EXDATE:...`` (skipped
ones).  A time without a zone is the campaign's wall clock; one ending in ``Z`` is UTC; one
with ``TZID=`` is in that zone.  python-dateutil computes the dates once every time is made
aware here (it cannot mix naive and aware times).

The rule is refused, with the reason, when it fires more often than daily (a deadline a second
apart makes every command count them for ever) or never gives a deadline at all.
"""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterator
from zoneinfo import ZoneInfo

from dateutil import rrule

from .zones import UnknownZone, time_zone
from .patterns import lazy

# Rules by the hour, minute or second: more often than daily, and slow to count.
SUB_DAILY = {"HOURLY": "hour", "MINUTELY": "minute", "SECONDLY": "second"}
# How far from its start a rule is searched for its first deadlines (a rule that gives none
# in this time is refused as giving none: searching to the year 9999 takes seconds a command).
HORIZON_YEARS = 20
# Deadlines closer than this are more often than daily (23 h: a daily deadline across the
# change to summer time is 23 hours after the one before).
MIN_GAP = dt.timedelta(hours=23)
SAMPLE = 400
DEFAULT_START = dt.datetime(2000, 1, 1)

_LINE = lazy(r"^(?P<name>[A-Za-z-]+)(?P<params>(?:;[^:]*)?):(?P<value>.*)$")
_STAMP = lazy(r"^(?P<date>\d{8})(?:T(?P<time>\d{6})(?P<utc>Z)?)?$")
_KNOWN = ("DTSTART", "RRULE", "RDATE", "EXDATE", "EXRULE")


class RuleError(ValueError):
    """The deadline rule cannot be used; the message says why."""


def deadline_rule(text: str, start: dt.datetime | None, zone: str) -> rrule.rruleset:
    """The deadlines of ``text`` from ``start`` (``deadline_start``, or DTSTART in the text),
    every time in the time zone ``zone``.  Raises RuleError naming the problem."""
    tz = _zone(zone)
    lines = _lines(text)
    starts = [line for line in lines if line[0] == "DTSTART"]
    if len(starts) > 1:
        raise RuleError("DTSTART is given more than once")
    if starts and start is not None:
        raise RuleError("the start is given twice, by DTSTART in the rule and by deadline_start: keep one")
    begin = _stamp(starts[0][2], starts[0][1], tz) if starts else _aware(start or DEFAULT_START, tz)
    rules = [value for name, _, value in lines if name in ("RRULE", "EXRULE")]
    if not any(name == "RRULE" for name, _, _ in lines) and not any(name == "RDATE" for name, _, _ in lines):
        raise RuleError("no RRULE")
    for value in rules:
        _check_frequency(value)
    body = [_line(name, params, value, tz) for name, params, value in lines if name != "DTSTART"]
    rule = _parse("\n".join(body), begin)
    bounded = _parse("\n".join(_bounded(line, begin) for line in body), begin)
    _check_deadlines(bounded, begin, text)
    return rule


def after(rule: rrule.rruleset, moment: dt.datetime) -> dt.datetime | None:
    """The first deadline after ``moment``, or None (the rule has ended, or runs past the year 9999)."""
    try:
        return rule.after(moment)
    except (ValueError, OverflowError):
        return None


def following(rule: rrule.rruleset, moment: dt.datetime) -> Iterator[dt.datetime]:
    """The deadlines after ``moment``, in order, until the rule ends (or runs past the year 9999)."""
    try:
        yield from rule.xafter(moment)
    except (ValueError, OverflowError):
        return


def last_before(rule: rrule.rruleset, moment: dt.datetime) -> dt.datetime | None:
    """The last deadline at or before ``moment`` (of a rule that has ended), or None."""
    try:
        return rule.before(moment, inc=True)
    except (ValueError, OverflowError):
        return None


# -- reading -------------------------------------------------------------------------------


def _zone(zone: str) -> ZoneInfo:
    try:
        return time_zone(zone)
    except UnknownZone:
        raise RuleError(f"unknown time zone {zone!r}") from None


def _aware(moment: dt.datetime, tz: ZoneInfo) -> dt.datetime:
    """A naive time is the campaign's wall clock; an aware one is moved into its zone, so the
    rule's days and hours are the campaign's (summer time included)."""
    return moment.replace(tzinfo=tz) if moment.tzinfo is None else moment.astimezone(tz)


def _lines(text: str) -> list[tuple[str, str, str]]:
    """(name, parameters, value) for each line; a bare rule is one RRULE line."""
    raw = [line.strip() for line in text.replace("\r\n", "\n").split("\n") if line.strip()]
    if not raw:
        raise RuleError("empty")
    if len(raw) == 1 and ":" not in raw[0]:
        return [("RRULE", "", raw[0])]
    lines = []
    for line in raw:
        found = _LINE.match(line)
        if found is None:
            raise RuleError(f"cannot read the line {line!r} (NAME:VALUE, e.g. RRULE:FREQ=MONTHLY)")
        name = found["name"].upper()
        if name not in _KNOWN:
            raise RuleError(f"unknown line {name!r}: a deadline rule has RRULE lines, and may have DTSTART, "
                            "RDATE and EXDATE")
        lines.append((name, found["params"].lstrip(";"), found["value"].strip()))
    return lines


def _params(params: str) -> dict[str, str]:
    found = {}
    for part in params.split(";"):
        if part.strip():
            key, _, value = part.partition("=")
            found[key.strip().upper()] = value.strip()
    return found


def _stamp(value: str, params: str, tz: ZoneInfo) -> dt.datetime:
    """An iCalendar time, aware: ``Z`` is UTC, ``TZID=`` its zone, else the campaign's."""
    found = _STAMP.match(value.strip().upper())
    if found is None:
        raise RuleError(f"not an iCalendar time: {value!r} (e.g. 20260130T180000)")
    try:
        moment = dt.datetime.strptime(found["date"] + (found["time"] or "000000"), "%Y%m%d%H%M%S")
    except ValueError:
        raise RuleError(f"not a date: {value!r}") from None
    if found["utc"]:
        return moment.replace(tzinfo=dt.timezone.utc).astimezone(tz)
    zone = _params(params).get("TZID")
    if zone:
        return moment.replace(tzinfo=_zone(zone)).astimezone(tz)
    return moment.replace(tzinfo=tz)


def _utc(moment: dt.datetime) -> str:
    return moment.astimezone(dt.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def _line(name: str, params: str, value: str, tz: ZoneInfo) -> str:
    """The line with every time in UTC (``...Z``), which dateutil reads as aware."""
    if name in ("RRULE", "EXRULE"):
        parts = []
        for part in value.split(";"):
            if not part.strip():
                continue
            key, _, item = part.partition("=")
            if key.strip().upper() == "UNTIL":
                until = _stamp(item, "", tz)
                if "T" not in item.upper():  # a date: the whole of that day
                    until = until.replace(hour=23, minute=59, second=59)
                item = _utc(until)
            parts.append(f"{key.strip()}={item.strip()}")
        return f"{name}:" + ";".join(parts)
    if "PERIOD" in _params(params).get("VALUE", "").upper():
        raise RuleError(f"{name} with periods is not understood: give dates and times")
    stamps = [_utc(_stamp(v, params, tz)) for v in value.split(",") if v.strip()]
    return f"{name}:" + ",".join(stamps)


def _parse(text: str, begin: dt.datetime) -> rrule.rruleset:
    try:
        return rrule.rrulestr(text, dtstart=begin, forceset=True)
    except (ValueError, TypeError, OverflowError, KeyError) as exc:
        raise RuleError(f"not a valid RRULE: {exc}") from None


# -- checking --------------------------------------------------------------------------------


def _check_frequency(value: str) -> None:
    """By the hour, minute or second, or several times in one day: refused, stating the rule."""
    params = _params(value)
    freq = params.get("FREQ", "").upper()
    if freq in SUB_DAILY:
        raise RuleError(f"'{value}': a rule by the {SUB_DAILY[freq]} (FREQ={freq}) fires more often than daily; "
                        "deadlines are at most daily: use FREQ=DAILY, WEEKLY, MONTHLY or YEARLY")
    times = 1
    for key in ("BYHOUR", "BYMINUTE", "BYSECOND"):
        if params.get(key):
            times *= len({v.strip() for v in params[key].split(",") if v.strip()})
    if times > 1:
        raise RuleError(f"'{value}' fires {times} times a day, more often than daily; give one BYHOUR, "
                        "BYMINUTE and BYSECOND")


def _bounded(line: str, begin: dt.datetime) -> str:
    """The line searched only as far as the horizon: a rule that never fires is found out in
    moments, not by counting to the year 9999."""
    name, _, value = line.partition(":")
    if name not in ("RRULE", "EXRULE"):
        return line
    parts = [p for p in value.split(";") if p]
    keys = {p.partition("=")[0].upper() for p in parts}
    if "UNTIL" in keys:
        return line
    try:
        horizon = begin + dt.timedelta(days=round(365.25 * HORIZON_YEARS))
    except OverflowError:  # a start near the year 9999: search to the end of the calendar
        horizon = dt.datetime(9999, 12, 31, tzinfo=begin.tzinfo)
    parts = [p for p in parts if p.partition("=")[0].upper() != "COUNT"] + [f"UNTIL={_utc(horizon)}"]
    return f"{name}:" + ";".join(parts)


def _check_deadlines(bounded: rrule.rruleset, begin: dt.datetime, text: str) -> None:
    try:
        first = list(itertools.islice(iter(bounded), SAMPLE))
    except (ValueError, OverflowError) as exc:
        raise RuleError(f"cannot be counted: {exc}") from None
    if not first:
        raise RuleError(f"never gives a deadline (none in the {HORIZON_YEARS} years from "
                        f"{begin:%Y-%m-%d %H:%M %Z})")
    for a, b in zip(first, first[1:]):
        if b - a < MIN_GAP:
            raise RuleError(f"fires more often than daily: deadlines at {a:%Y-%m-%d %H:%M} and "
                            f"{b:%Y-%m-%d %H:%M}")

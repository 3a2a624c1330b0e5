"""A campaign's time zone by its IANA name, or one clear refusal.

``zoneinfo`` refuses a bad name in several ways: not found, not a normalised path, and, for the
name of a folder of the time zone database ("Europe"), an ``IsADirectoryError`` from opening it.
Each reader of a time zone (campaigns.toml, ``engarde campaign new``, the deadline words) asks
here, so every one of them is refused with the same line."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


class UnknownZone(ValueError):
    """Not the name of a time zone."""


def time_zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise UnknownZone(f"unknown time zone {name!r}") from None

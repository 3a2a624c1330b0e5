"""A span of hours or days as a GM writes it (``48h``, ``2d``, ``36``): how long before a
deadline the reminders go, read alike from ``engarde mail reminders --before`` and from
campaigns.toml's ``mail.remind_before``."""

from __future__ import annotations

import datetime as dt
import re
from .patterns import lazy

DURATION = lazy(r"\s*(\d{1,5})\s*(h|d)?\s*", re.IGNORECASE)
LONGEST = dt.timedelta(days=366)


def span(text: str) -> dt.timedelta:
    """``text`` as a span (hours by default); a ValueError saying what is wrong otherwise."""
    m = DURATION.fullmatch(text)
    if m is None or int(m.group(1)) == 0:
        raise ValueError("give hours or days, like 48h or 2d")
    n = int(m.group(1))
    result = dt.timedelta(days=n) if (m.group(2) or "h").lower() == "d" else dt.timedelta(hours=n)
    if result > LONGEST:
        raise ValueError("at most a year")
    return result

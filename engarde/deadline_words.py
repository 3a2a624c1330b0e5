"""A deadline rule said in words, as a GM says it to `engarde init`, made into the RRULE that
campaigns.toml keeps ("the last Friday of every month at 18:00" ->
``FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;BYHOUR=18;BYMINUTE=0;BYSECOND=0``).

Only the shapes below are read; anything else is refused with them as examples (an RRULE is
taken as it is).  The time is required: a deadline at a guessed hour is a deadline missed.
"""

from __future__ import annotations

import re
from .patterns import lazy

WEEKDAYS = {"monday": "MO", "tuesday": "TU", "wednesday": "WE", "thursday": "TH", "friday": "FR",
            "saturday": "SA", "sunday": "SU"}
ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4,
            "last": -1}
EXAMPLES = ("'the last Friday of every month at 18:00', 'the first Monday of each month at 8pm', "
            "'the 15th of every month at noon', 'every other Sunday at 20:00'")

_DAY = "(?P<day>" + "|".join(WEEKDAYS) + ")s?"
_TIME = r"at\s+(?P<time>noon|midnight|\d{1,2}(?::\d{2})?\s*(?:am|pm)?)"
_EVERY_MONTH = r"(?:of|in)\s+(?:every|each|the)\s+month"
_SHAPES = [
    ("weekday of month", lazy(rf"(?:the\s+)?(?P<nth>{'|'.join(ORDINALS)})\s+{_DAY}\s+{_EVERY_MONTH}\s+{_TIME}")),
    ("day of month", lazy(rf"(?:on\s+)?(?:the\s+)?(?P<date>last|\d{{1,2}})(?:st|nd|rd|th)?(?:\s+day)?\s+{_EVERY_MONTH}\s+{_TIME}")),
    ("weekly", lazy(rf"every\s+(?:(?P<other>other)\s+|(?P<n>\d{{1,2}})\s+weeks\s+on\s+)?{_DAY}\s+{_TIME}")),
]


class DeadlineWordsError(ValueError):
    pass


def is_rrule(text: str) -> bool:
    return text.strip().upper().startswith(("FREQ=", "RRULE:", "DTSTART"))


def rrule_from_words(text: str) -> str:
    """The RRULE for ``text``; an RRULE is returned as it is."""
    if is_rrule(text):
        return text.strip()
    words = " ".join(text.lower().replace(",", " ").split()).rstrip(".")
    for shape, pattern in _SHAPES:
        match = pattern.fullmatch(words)
        if match:
            return _rule(shape, match) + _clock(match["time"])
    raise DeadlineWordsError(f"{text!r} is not a deadline rule engarde reads; say it like {EXAMPLES}, "
                             "or give an iCalendar RRULE (FREQ=MONTHLY;BYDAY=FR;BYSETPOS=-1;BYHOUR=18)")


def _rule(shape: str, match: re.Match) -> str:
    if shape == "weekday of month":
        return f"FREQ=MONTHLY;BYDAY={WEEKDAYS[match['day']]};BYSETPOS={ORDINALS[match['nth']]}"
    if shape == "day of month":
        if match["date"] == "last":
            return "FREQ=MONTHLY;BYMONTHDAY=-1"
        date = int(match["date"])
        if not 1 <= date <= 28:
            # The 29th to 31st are missing from some months: the rule would skip them.
            raise DeadlineWordsError(f"day {date} is not in every month: choose a day from 1 to 28, "
                                     "or 'the last day of every month'")
        return f"FREQ=MONTHLY;BYMONTHDAY={date}"
    interval = 2 if match["other"] else int(match["n"] or 1)
    if interval < 1:
        raise DeadlineWordsError("every 0 weeks is never")
    return f"FREQ=WEEKLY;{f'INTERVAL={interval};' if interval > 1 else ''}BYDAY={WEEKDAYS[match['day']]}"


def _clock(time: str) -> str:
    if time == "noon":
        hour, minute = 12, 0
    elif time == "midnight":
        hour, minute = 0, 0
    else:
        clock = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", time)
        assert clock is not None  # the shape's pattern matched it
        hour, minute, half = int(clock[1]), int(clock[2] or 0), clock[3]
        if half and not 1 <= hour <= 12 or not half and hour > 23 or minute > 59:
            raise DeadlineWordsError(f"{time!r} is not a time of day")
        if half:
            hour = hour % 12 + (12 if half == "pm" else 0)
    return f";BYHOUR={hour};BYMINUTE={minute};BYSECOND=0"

"""The month's own words: rest, ditto, and a new password written on a week's line."""

from __future__ import annotations

import re

from ... import codes
from ...grammar import DIGITS, SIGN, I, Built, Ditto, Reading, amount, problem, quote, verb
from ...orders import Rest
from ...patterns import lazy

_DITTO = (
    r"(?:ditto|do|dto|\"|''|same|the\s+same|same\s+again|again|repeat|as\s+above|same\s+as\s+above|"
    r"as\s+before|same\s+as\s+before|(?:same\s+as|as)\s+(?:the\s+)?(?:last|previous|prior)\s+week|"
    rf"(?:same\s+as|as|ditto|repeat)\s+(?:week|wk)\s*(?P<week>{SIGN}?{DIGITS}))"
)


def _build_ditto(m: re.Match[str], r: Reading) -> Built:
    if m.group("week") is None:
        return Ditto(None)
    week = amount(m.group("week"), "", low=1, words=f"week {m.group('week')}",
                  hint="repeat an earlier week: 'same as week 2'")
    return Ditto(week) if isinstance(week, int) else week


_RESTING = (r"rest|rests|resting|relax\w*|recover\w*|recuperat\w*|nothing|do\s+nothing|none|idle|sleep\w*|"
            r"stay(?:s|ing)?\s+(?:at\s+)?home|stay\s+in")
_REST = rf"(?:(?:{_RESTING})\b(?P<rest>.*)|[-\u2013\u2014]+|n/a)"
# What may follow a rest and say no more than it: "rest and recover", "resting at home all week".
_REST_WORDS = lazy(
    rf"\b(?:and|{_RESTING}|at\s+home|in\s+bed|(?:all|the|for\s+the|this)\s+(?:week|month)|"
    rf"up|quietly|else|at\s+all|whatsoever|from\s+(?:my|his|the)\s+(?:wounds?|injur(?:y|ies)|exertions))\b", I)


def _build_rest(m: re.Match[str], r: Reading) -> Rest:
    tail = _REST_WORDS.sub(" ", m.group("rest") or "")
    r.leftover(tail, f"{quote(m.group(0)[:m.start('rest')].strip())}")
    return Rest()


def _password_in_week(m: re.Match[str], r: Reading) -> Built:
    # never quoted back: the words after it are a password
    return problem(codes.E_UNKNOWN_VERB, "a new password, on a week's line: it is not read there",
                   "write 'New password: ...' on a line of its own")


VERBS = (
    verb("ditto", _DITTO, _build_ditto, ("ditto", "same")),
    verb("rest", _REST, _build_rest, ("rest", "nothing", "relax", "recover")),
    # the new password belongs on a line of its own (engarde.parse reads it)
    verb("new password in a week", r"new\s+password\b.*", _password_in_week),
)

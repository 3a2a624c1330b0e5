"""The gossip house rule in the order language: two lines for the month, by the numbers a man's
report gives the secrets he holds.

    Spread secret 12             (into the gossip, publicly: "Spread secrets 12 and 14")
    Keep secrets 3, 5, 9         (over the hand limit of six, these are kept first)

Written on a week's line, either is refused with where it belongs: spreading gossip is no
week's action (a man talks wherever he goes).  Every word of a line is a number, a known filler
or reported, and a line with a word that is none of these is taken not at all.
"""

from __future__ import annotations

import re

from engarde.grammar import I, LineReader, Reading, amount, monthly_in_week, not_filler, quote, verb

from .codes import E_GOSSIP_NUMBERS
from .orders import GossipOrders
from ...patterns import lazy

_SECRETS = r"(?:(?:the|my|his|a)\s+)?(?:secrets?|gossip|rumou?rs?|tales?)"
_SPREAD = lazy(rf"(?:spread|tell|publish|whisper|noise\s+abroad)\s+{_SECRETS}\b\s*:?\s*(?P<rest>.*)", I)
_KEEP = lazy(rf"keep\s+{_SECRETS}\b\s*:?\s*(?P<rest>.*)", I)
_ITEM_SPLIT = lazy(r"\s*(?:[,;&]|\band\b)\s*", I)
_NUMBERED = lazy(r"(?:(?:nos?|numbers?)\b\.?\s*|#\s*)?(?P<n>.*)", I)


class GossipLines(LineReader):
    LINES = ((_SPREAD, "spread"), (_KEEP, "keep"))

    def spread(self, number: int, m: re.Match[str]) -> None:
        found = self._numbers(number, m.group("rest"), "Spread secret 12")
        if found is not None:
            orders = self.sheet.monthly(GossipOrders)
            orders.spread = tuple(dict.fromkeys((*orders.spread, *found)))

    def keep(self, number: int, m: re.Match[str]) -> None:
        found = self._numbers(number, m.group("rest"), "Keep secrets 3, 5, 9")
        if found is not None:
            orders = self.sheet.monthly(GossipOrders)
            orders.keep = tuple(dict.fromkeys((*orders.keep, *found)))

    def _numbers(self, number: int, rest: str, example: str) -> tuple[int, ...] | None:
        """The secrets' numbers of a line ("12, 14 and No. 15"), or None with one error on it."""
        hint = f"name the secrets by the numbers your report gives them: '{example}'"
        read: list[int] = []
        for item in _ITEM_SPLIT.split(rest):
            item = item.strip(" .:")
            if not item:
                continue
            after_no = _NUMBERED.fullmatch(item).group("n").strip(" .")  # "No. 12", "#12": 12
            written = _without_filler(after_no)
            if not written and after_no:
                continue  # filler alone ("please")
            n = amount(written, what="", low=1, hint=hint, words=item) if written else None
            if not isinstance(n, int):
                message = n.message if n is not None else f"{quote(item)} is not a secret's number"
                self.sheet.error(number, E_GOSSIP_NUMBERS, f"{message}: the line is not taken", hint)
                return None
            read.append(n)
        if not read:
            self.sheet.error(number, E_GOSSIP_NUMBERS, "which secrets? the line names none: the line is not taken", hint)
            return None
        return tuple(read)


def _without_filler(item: str) -> str:
    """The item without the filler words around it ("12 please"), but whole when what is set
    aside holds more than words ("-3" is no 3, "#4" is read by its own pattern)."""
    kept = not_filler(item)
    if not kept:
        return ""
    start = item.find(kept)
    around = item[:start] + item[start + len(kept):]
    return item if re.search(r"[^\w\s']", around) else kept


def _in_a_week(m: re.Match[str], r: Reading):
    return monthly_in_week(quote(m.group(0)), "write it on a line of its own, e.g. 'Spread secret 12'",
                           "spreading gossip takes no week")


SPREAD_IN_A_WEEK = verb("spread gossip in a week", rf"(?:spread|whisper|noise\s+abroad)\s+{_SECRETS}\b.*",
                        _in_a_week, ("spread secret",), before="place")

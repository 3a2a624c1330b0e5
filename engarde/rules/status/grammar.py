"""b. Social Status in the order language: "Conspicuous consumption" (or "Support: normal")."""

from __future__ import annotations

import re

from ...grammar import I, Built, LineReader, Reading, monthly_in_week, verb
from .orders import SupportOrders
from ...patterns import lazy


def _build_conspicuous_in_week(m: re.Match[str], r: Reading) -> Built:
    return monthly_in_week("conspicuous consumption", "write 'Conspicuous consumption' on a line of its own")


VERBS = (
    verb("conspicuous consumption", r"(?:(?:support|upkeep)\s*[:=-]?\s*)?conspicuous(?:\s+consumption)?.*",
         _build_conspicuous_in_week),
)

_CONSPICUOUS = lazy(
    r"(?:(?:support|upkeep)\s*[:=-]?\s*)?(?P<no>no\s+)?conspicuous(?:\s+consumption)?"
    r"(?:\s*[:=-]?\s*(?P<yn>yes|no|y|n|true|false|on|off))?[.!]*", I)
_PLAIN_SUPPORT = lazy(r"(?:support|upkeep)\s*[:=-]?\s*(?:normal|ordinary|basic|standard|plain)[.!]*", I)


class SupportLines(LineReader):
    LINES = ((_CONSPICUOUS, "conspicuous"), (_PLAIN_SUPPORT, "plain"))

    def conspicuous(self, number: int, m: re.Match[str]) -> None:
        no = m.group("no") or (m.group("yn") or "").lower() in ("no", "n", "false", "off")
        self.sheet.monthly(SupportOrders).conspicuous_consumption = not no

    def plain(self, number: int, m: re.Match[str]) -> None:
        self.sheet.monthly(SupportOrders).conspicuous_consumption = False

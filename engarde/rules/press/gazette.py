"""Letters to the gazette, as printed: each signed, anonymous, or under a pen-name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ...orders import OrderSheet
from .orders import Letters


@dataclass
class PressLetter:
    """A letter to the gazette as it is printed: its text and the name it is signed with."""

    author: str  # the character who sent it (never printed for an anonymous or aliased letter)
    byline: str
    text: str


def letters(sheets: Mapping[str, OrderSheet]) -> list[PressLetter]:
    """The letters on the month's sheets (by character, in the order they came), as printed."""
    return [PressLetter(author, letter.byline(author), letter.text)
            for author, sheet in sheets.items() for letter in sheet.monthly.of(Letters).letters]


def section(page: Any) -> dict[str, Any]:
    return {"press": letters(page.data.sheets)}

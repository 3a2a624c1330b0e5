"""The orders of the press module: what a parsed sheet holds for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...orders import MONTHLY, Part


@dataclass(frozen=True)
class Letter:
    """A letter to the gazette's press section."""

    text: str
    signature: str = "signed"  # "signed" | "anonymous" | "alias"
    alias: str | None = None

    def byline(self, author: str) -> str:
        if self.signature == "anonymous":
            return "A Gentleman of Paris"
        if self.signature == "alias" and self.alias:
            return self.alias
        return author


@dataclass
class Letters(Part):
    """Letters to the gazette, printed in its press section exactly as the confirmation echoes them.

    They add up over the sheets of a month (``accumulates``): a later sheet adds its letters to
    those on file (the same letter twice is printed once), unless it says ``Withdraw letters``
    (``withdraw``), which takes back those sent before it.
    """

    module: ClassVar[str] = "press"
    when: ClassVar[str] = MONTHLY
    accumulates: ClassVar[bool] = True
    letters: tuple[Letter, ...] = ()
    withdraw: bool = False

    def merged(self, newer: "Letters") -> "Letters":
        kept = () if newer.withdraw else self.letters
        return Letters(kept + tuple(x for x in newer.letters if x not in kept))

    def describe(self) -> list[str]:
        return ["withdraw the letters to the gazette sent before this sheet"] if self.withdraw else []

    def changes(self, before: "Letters") -> list[str]:
        added = [x for x in self.letters if x not in before.letters]
        gone = [x for x in before.letters if x not in self.letters]
        lines = [f"{len(gone)} letter{'s' if len(gone) > 1 else ''} to the gazette withdrawn"] if gone else []
        if added:
            lines.append(f"{len(added)} letter{'s' if len(added) > 1 else ''} to the gazette added "
                         f"({len(self.letters)} on file)")
        return lines

    def confirmation(self, author: str) -> list[str]:
        if not self.letters:
            return []
        lines = ["", "Letters to the gazette, exactly as they will be printed:"]
        for n, letter in enumerate(self.letters, start=1):
            byline = letter.byline(author)
            lines += ["", f"  Letter {n}, signed: {byline}"]
            lines += [f"    {x}" if x else "" for x in letter.text.split("\n")]
            lines.append(f"    \u2014 {byline}")
        return lines

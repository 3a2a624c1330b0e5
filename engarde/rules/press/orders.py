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
    """Letters to the gazette, printed in its press section exactly as the confirmation echoes them."""

    module: ClassVar[str] = "press"
    when: ClassVar[str] = MONTHLY
    letters: tuple[Letter, ...] = ()

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

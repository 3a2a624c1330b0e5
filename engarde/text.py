"""Text helpers shared by the rules and the order language."""

from __future__ import annotations


def normalise_name(text: str) -> str:
    """Lower case, straight apostrophes, no leading 'the', single spaces."""
    s = text.lower().replace("\u2019", "'").replace("\u2018", "'").strip()
    s = " ".join(s.split())
    if s.startswith("the "):
        s = s[4:]
    return s.rstrip(".")


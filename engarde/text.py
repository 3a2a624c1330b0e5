"""Text helpers shared by the rules and the order language."""

from __future__ import annotations


def normalise_name(text: str) -> str:
    """Lower case, straight apostrophes, no leading 'the', single spaces."""
    s = text.lower().replace("\u2019", "'").replace("\u2018", "'").strip()
    s = " ".join(s.split())
    if s.startswith("the "):
        s = s[4:]
    return s.rstrip(".")



def possessive(name: str) -> str:
    """"Athos'", "D'Artagnan's"; a name that is a possessive already stays as it is
    ("Hunter's house limit", never "Hunter's's")."""
    if name.endswith(("'s", "\u2019s")):
        return name
    return name + ("'" if name.endswith("s") else "'s")


_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                 "twelve")


def in_words(n: int) -> str:
    """A small number as the rules write it in their prose ("three months"), so that the book's
    numbers read as before when they come from a campaign's tables; larger ones in figures."""
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)

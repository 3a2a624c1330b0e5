"""Near matches: how far a written word may stray from a known one and still be read as it.

A GM reads "sabr" as sabre and "Porthso" as Porthos without a second thought, and asks when
a slip could be two things.  engarde does the same, by one rule for every kind of word a
sheet names (characters, mistresses, clubs, weapons, regiments, posts, verbs):

- the distance is the optimal string alignment distance (rapidfuzz's ``OSA``): a letter
  added, dropped or changed, or two neighbours swapped ("Porthso"), is one slip;
- how many slips a word may carry depends on the shorter of the two words (``allowance``):
  none up to three letters (a short word is a different word after one slip: "bet", "Guy"),
  one for four to six ("sabr", "Athis"), two for seven or more ("Bothwels" for Bothwell's,
  "Porthas");
- a word written exactly as a known spelling is that thing and nothing else: a slip never
  turns one real name into another;
- a slip within reach of two different things is read as neither ("'Athas': Athos or
  Athis?"): the player is asked.

The same allowance is the pen-names' (``engarde.rules.press.pennames``): a pen-name a GM
would read as a character's name is one the reader would read as his name too.

Suggestions ("did you mean ...?") are looser, since they are only offered, never read:
rapidfuzz's normalised similarity (``fuzz.ratio``) above a cutoff.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Iterable, Mapping

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

# The most slips any word may carry (the allowance of a word of seven letters or more).
MOST_SLIPS = 2


def allowance(word: str) -> int:
    """How many slips of the pen still make the same word, by its length."""
    n = len(word)
    return 0 if n <= 3 else 1 if n <= 6 else MOST_SLIPS


def slips(a: str, b: str) -> int:
    """Letters added, dropped, changed or swapped between ``a`` and ``b``."""
    return OSA.distance(a, b)


def within_reach(written: str, known: str) -> bool:
    """Whether ``written`` may be read as ``known`` (both already normalised)."""
    reach = allowance(written if len(written) < len(known) else known)
    return reach > 0 and OSA.distance(written, known, score_cutoff=reach) <= reach


class Spellings(dict):
    """Spellings -> the things they name, for a long list (a campaign's thousands of names):
    ``nearest`` looks for a slip only among the spellings of about the written length, as a
    slip changes the length by one letter at most.  Built once and not changed after."""

    @cached_property
    def by_length(self) -> dict[int, list[str]]:
        grouped: dict[int, list[str]] = {}
        for spelling in self:
            grouped.setdefault(len(spelling), []).append(spelling)
        return grouped

    @cached_property
    def read(self) -> dict[str, "Near"]:
        """What each word tried was read as (``nearest``): a batch of mail tries the same words on
        sheet after sheet (a club's name where a man's may be), each a search of thousands."""
        return {}

    def near_in_length(self, written: str) -> list[str]:
        n = len(written)
        return [s for length in range(n - MOST_SLIPS, n + MOST_SLIPS + 1) for s in self.by_length.get(length, ())]


@dataclass(frozen=True)
class Near:
    """What a written word was read as, against the spellings of what it may name.

    ``value``: the thing read (None: none, or more than one within reach); ``spelling``: the
    spelling it was read by; ``exact``: written as that spelling; ``rivals``: the things a
    slip could be, when there are two or more (the player is asked which)."""

    value: str | None = None
    spelling: str | None = None
    exact: bool = False
    rivals: tuple[str, ...] = ()

    @property
    def slip(self) -> bool:
        """Read from a slip of the pen (the confirmation says how)."""
        return self.value is not None and not self.exact


def nearest(written: str, spellings: Mapping[str, str]) -> Near:
    """``written`` (normalised as the keys of ``spellings`` are) read against ``spellings``
    (every spelling -> the thing it names): exactly, by a slip within reach of one thing
    only, or not at all (``rivals`` names the things when a slip reaches two or more)."""
    if written in spellings:
        return Near(spellings[written], written, True)
    if len(written) <= 3:  # a short word is read only as written
        return Near()
    if not isinstance(spellings, Spellings):
        return _slip(written, spellings, spellings.keys())
    found = spellings.read.get(written)
    if found is None:
        found = spellings.read[written] = _slip(written, spellings, spellings.near_in_length(written))
    return found


def _slip(written: str, spellings: Mapping[str, str], candidates: Iterable[str]) -> Near:
    """``written`` read as a slip of the pen among ``candidates`` (spellings of ``spellings``)."""
    found = process.extract(written, candidates, scorer=OSA.distance, score_cutoff=MOST_SLIPS, limit=None)
    close = sorted((dist, spelling) for spelling, dist, _ in found if within_reach(written, spelling))
    if not close:
        return Near()
    values = list(dict.fromkeys(spellings[spelling] for _, spelling in close))
    if len(values) > 1:
        return Near(rivals=tuple(values))
    return Near(values[0], close[0][1])


def suggestions(written: str, choices: Iterable[str], cutoff: float = 0.6, limit: int = 3) -> list[str]:
    """The choices most like ``written``, best first, for "did you mean ...?" (never read
    as what the player wrote: only offered)."""
    found = process.extract(written, list(choices), scorer=fuzz.ratio, score_cutoff=cutoff * 100, limit=limit)
    return [choice for choice, _score, _ in found]


__all__ = ["MOST_SLIPS", "Near", "Spellings", "allowance", "nearest", "slips", "suggestions", "within_reach"]

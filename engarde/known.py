"""What a sheet may name, and the one reader of the names it writes.

A GM reads "Court Ninon once more" as courting Ninon because he knows Ninon: a name is the
longest name of the campaign that the words begin with, never the words up to some keyword.
``Known`` is what the reader knows of the campaign: its characters (the living, and the
dead, who may be named but with whom nothing can be done), its mistresses by number and name
(and who keeps each), and whether any of this is known at all: a player checking his sheet
with no campaign to hand (``engarde orders check`` without a campaigns file) is read as
before, and told which names could not be checked.

The reader (``Known.character_at``, ``mistress_at``, and ``words_at`` for any other names,
such as clubs and weapons) answers with a
``Named``: the name as the campaign writes it, the words that named it, the words after it
(not read here: the caller's), and whether it was read from a slip of the pen
(``engarde.near``); or why no name could be read ("'Count Rochefort' is not a character of
this campaign", "Athos is dead", "'Athas': Athos or Athis?").  Pure: the intake builds the
``Known`` from the database (``engarde.ops.names``).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import islice
from typing import Any, Iterable, Mapping

from .codes import E_NAMED_DEAD, E_TWO_READINGS, E_UNKNOWN_NAME
from .near import Spellings, nearest, suggestions
from .patterns import lazy

# A word of a name as written: anything up to a space or a clause's punctuation.
_WORD = lazy(r"[^\s,;:()\[\]\"]+")
# A possessive at the end of a name ("Athos's", "Athos'", "Falstaff's"): the name is before it.
_POSSESSIVE = lazy(r"(?:'s|')$", re.I)
# Where an unknown name most likely ends: at the next clause of the order.
_CLAUSE = lazy(r"\s+(?:at|in|with|and|as|for|on|to|from|once|again)\s+|\s*[,;(&]", re.I)
# His own mistress, as he names her.
MY_MISTRESS = lazy(
    r"(?:my|his)\s+(?:own\s+)?(?:mistress|lady(?:\s+love)?|sweetheart|paramour|lover)(?:'s|s')?", re.I)
# A mistress by number: "mistress no. 2", "#2", "number 4", "mistress 4", "lady number 4".
MISTRESS_NUMBER = lazy(
    r"(?:(?:mistress|lady)\s+)?(?:number|no\.?|num\.?|nr\.?|#)\s*(?P<n>\d{1,6})(?![\d.,])"
    r"|(?:mistress|lady)\s+(?P<n2>\d{1,6})(?![\d.,])", re.I)


@lru_cache(maxsize=8192)  # the same names and words are compared again and again
def name_key(text: str) -> str:
    """A name as the reader compares it: no accents, case, apostrophes or extra spaces
    ("D’Artagnan", "d'artagnan" and "DArtagnan" are one name; hyphens are spaces)."""
    # (plain ASCII has nothing to decompose: most names, at 10,000 of them per sheet checked)
    plain = text if text.isascii() else "".join(
        c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    plain = plain.casefold().replace("\u2019", "'").replace("'", "").replace("-", " ").replace(".", " ")
    return " ".join(plain.split())


@dataclass(frozen=True)
class KnownMistress:
    """A mistress of the campaign as a sheet may name her."""

    number: int
    name: str
    lover: str | None = None  # the character who keeps her


def known_mistresses(records: Iterable[tuple[Any, Any, Any]]) -> list[KnownMistress]:
    """A world's mistresses (``World.mistresses_in``: number, name, lover) as a sheet may name
    them, by number."""
    return sorted((KnownMistress(*r) for r in records), key=lambda m: m.number)


@dataclass(frozen=True)
class Named:
    """A name read at the start of some words, or why none could be.

    ``name``: as the campaign writes it (unchecked: as the player wrote it); ``written``: the
    words that named it; ``rest``: the words after them, for the caller to read; ``slip``: read
    from a slip of the pen; ``problem``/``hint``: why no name was read (then ``name`` is None).
    """

    name: str | None
    written: str
    rest: str = ""
    slip: bool = False
    checked: bool = True
    problem: str | None = None
    hint: str | None = None
    code: str = E_UNKNOWN_NAME


# How many mistresses a hint lists before "and N more" (a large campaign has hundreds).
MISTRESSES_LISTED = 20
# Words that name no one alone: articles and the particles of names ("Cyrano de Bergerac").
LITTLE = frozenset({"the", "a", "an", "le", "la", "les", "l", "de", "du", "des", "d", "of", "von", "van", "y", "del"})


def name_parts(spellings: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Each word of four letters or more of a name of several words (no little word, no whole
    name) -> the names that hold it: a GM reads "Milady" as Milady de Winter and "the Gables"
    as The Blue Gables when no other name has the word, and asks when two have it."""
    parts: dict[str, dict[str, None]] = {}  # a dict as an ordered set: a word many names hold stays linear
    for key, name in spellings.items():
        words = key.split()
        if len(words) < 2:
            continue
        for word in words:
            if len(word) >= 4 and word not in LITTLE and word not in spellings:
                parts.setdefault(word, {})[name] = None
    return {word: tuple(names) for word, names in parts.items()}


def words_at(text: str, spellings: Mapping[str, str], most_words: int | None = None,
             parts: Mapping[str, tuple[str, ...]] | None = None) -> Named | None:
    """The longest spelling (keys made by ``name_key``) the words of ``text`` begin with, a slip
    of the pen within reach allowed (``engarde.near``), a possessive too ("Athos's table"), or
    with ``parts`` (``name_parts``) one word of a longer name, as written ("Milady"): the thing
    it names, the words that named it and the words after (``slip``: read otherwise than as
    written, to be said); a ``Named`` with the problem when it could be two things; None when
    the words begin with none."""
    longest = most_words if most_words is not None else max((len(k.split()) for k in spellings), default=1)
    words = list(islice(_WORD.finditer(text), longest))  # never more words than the longest name has
    for k in range(len(words), 0, -1):
        end = words[k - 1].end()
        written = text[words[0].start():end]
        key = name_key(_POSSESSIVE.sub("", written.rstrip(".!?")))
        if not key:
            continue
        if k == 1 and parts and key not in spellings and key in parts:  # a word of a name, before any slip
            held = parts[key]
            if len(held) > 1:
                return Named(None, written, problem=f"{_q(written)}: {either(held)}?", code=E_TWO_READINGS,
                             hint=f"write the whole name: {either(held)}")
            return Named(held[0], written, text[end:], True)
        near = nearest(key, spellings)
        if near.rivals:  # a slip that could be two things: asked, never guessed
            return Named(None, written, problem=f"{_q(written)}: {either(near.rivals)}?", code=E_TWO_READINGS,
                         hint=f"write it as the campaign writes it: {either(near.rivals)}")
        if near.value is not None:
            return Named(near.value, written, text[end:], near.slip)
    return None


@dataclass(frozen=True)
class Known:
    """What a sheet may name.  ``checked`` False: nothing is known (no campaign), and names are
    taken as written."""

    checked: bool = False
    characters: tuple[str, ...] = ()  # the living
    dead: tuple[str, ...] = ()
    mistresses: tuple[KnownMistress, ...] = ()
    why: str = "no campaign to check them against"  # when not ``checked``: why not

    @classmethod
    def of(cls, characters: Iterable[str], dead: Iterable[str] = (),
           mistresses: Iterable[KnownMistress] = ()) -> "Known":
        """The campaign's names (``checked``)."""
        return cls(True, tuple(characters), tuple(dead), tuple(mistresses), "")

    @property
    def everyone(self) -> tuple[str, ...]:
        """Every character, the dead too (a pen-name may be none of them)."""
        return self.characters + self.dead

    @cached_property
    def _people(self) -> Mapping[str, str]:
        return Spellings((name_key(n), n) for n in self.everyone)

    @cached_property
    def _her(self) -> Mapping[str, str]:
        return Spellings((name_key(m.name), m.name) for m in self.mistresses)

    @cached_property
    def _her_names(self) -> tuple[str, ...]:
        return tuple(m.name for m in self.mistresses)

    @cached_property
    def _people_parts(self) -> Mapping[str, tuple[str, ...]]:
        return name_parts(self._people)

    @cached_property
    def _her_parts(self) -> Mapping[str, tuple[str, ...]]:
        return name_parts(self._her)

    @cached_property
    def _longest(self) -> int:
        return max((len(k.split()) for k in (*self._people, *self._her)), default=1)

    def is_dead(self, name: str) -> bool:
        return name in self.dead

    def mistress(self, number: int | None = None, name: str | None = None) -> KnownMistress | None:
        # the first of the list with that number or that name, as a search of the list finds it
        found = [self._mistress_at[1].get(number), self._mistress_at[0].get(name)]
        return min((f for f in found if f is not None), key=lambda f: f[0], default=(0, None))[1]

    @cached_property
    def _mistress_at(self) -> tuple[Mapping[str, tuple[int, KnownMistress]], Mapping[int, tuple[int, KnownMistress]]]:
        """Each name's and each number's first mistress, with her place in the list (a sheet's
        every mistress named was a search of the list: quadratic in a large campaign)."""
        names: dict[str, tuple[int, KnownMistress]] = {}
        numbers: dict[int, tuple[int, KnownMistress]] = {}
        for at, m in enumerate(self.mistresses):
            names.setdefault(m.name, (at, m))
            numbers.setdefault(m.number, (at, m))
        return names, numbers

    def kept_by(self, character: str | None) -> KnownMistress | None:
        if not character:
            return None
        return self._kept.get(name_key(character))

    @cached_property
    def _kept(self) -> Mapping[str, KnownMistress]:
        """Each lover's mistress (the first, as a search of the list finds): asked for every
        sheet's "my mistress" and visits, so built once."""
        return {name_key(m.lover): m for m in reversed(self.mistresses) if m.lover}

    # -- reading names -----------------------------------------------------------------

    def character_at(self, text: str) -> Named:
        """The character the words begin with (a possessive allowed: "Athos's table")."""
        text = text.strip()
        if not self.checked:
            return Named(" ".join(text.split()).strip(" ,;."), text, checked=False)  # as written
        read = words_at(text, self._people, self._longest, self._people_parts)
        if read is None:
            return self._unknown(text, "a character of this campaign", self.everyone)
        if read.name in self.dead:
            return Named(None, read.written, read.rest, read.slip, problem=f"{read.name} is dead", code=E_NAMED_DEAD,
                         hint="nothing can be done with a dead man")
        return read

    def mistress_at(self, text: str, author: str | None = None, explain: bool = True) -> Named:
        """The mistress the words name: by name, by number ("mistress no. 2", "#2", "number
        4", "mistress 4"), or "my mistress" (the one ``author`` keeps).  ``explain`` False: a
        name no mistress has is only said to be unknown, without the "did you mean" a caller
        that reads the words otherwise would throw away (a search of every name)."""
        text = text.strip()
        mine = MY_MISTRESS.match(text)
        if mine is not None:
            if not self.checked or not author:  # "my mistress" as written: no name to check
                return Named(mine.group(0), mine.group(0), text[mine.end():])
            kept = self.kept_by(author)
            if kept is None:
                return Named(None, mine.group(0), problem=f"{author} keeps no mistress",
                             hint="name her, e.g. 'Court mistress number 4' or 'Court Roxanne'")
            return Named(kept.name, mine.group(0), text[mine.end():])
        numbered = MISTRESS_NUMBER.match(text)
        if numbered is not None:
            number = int(numbered.group("n") or numbered.group("n2"))
            if not self.checked:  # a number as written: no name to check
                return Named(str(number), numbered.group(0), text[numbered.end():])
            her = self.mistress(number=number)
            if her is None:
                return Named(None, numbered.group(0), problem=f"there is no mistress number {number} in this campaign",
                             hint=self._mistress_list)
            return Named(her.name, numbered.group(0), text[numbered.end():])
        if not self.checked:
            return Named(" ".join(text.split()).strip(" ,;."), text, checked=False)  # as written
        read = words_at(text, self._her, self._longest, self._her_parts)
        if read is None:
            if not explain:
                return Named(None, text, problem=f"{_q(text)} is not a mistress of this campaign")
            return self._unknown(text, "a mistress of this campaign", self._her_names,
                                 self._mistress_list)
        return read

    @cached_property
    def _unknown_indexes(self) -> dict[tuple[str, ...], tuple]:
        return {}

    def _unknown_index(self, names: tuple[str, ...]) -> tuple[dict[str, str], dict[str, int], dict[str, list[str]]]:
        """For ``_unknown``, built once a list of names (not once a name not found: a large
        campaign's sheets name thousands): each name by its key, each key's place in the list,
        and the keys holding each word of four letters or more."""
        index = self._unknown_indexes.get(names)
        if index is None:
            by_key = {name_key(n): n for n in names}
            parts: dict[str, list[str]] = {}
            for key in by_key:
                for w in dict.fromkeys(key.split()):
                    if len(w) > 3:
                        parts.setdefault(w, []).append(key)
            index = self._unknown_indexes[names] = (by_key, {k: i for i, k in enumerate(by_key)}, parts)
        return index

    @cached_property
    def _mistress_list(self) -> str:
        """The hint for a mistress not found: built once, and short in a large campaign."""
        if not self.mistresses:
            return "the campaign has no mistresses yet (the GM rolls them: 'engarde mistress roll')"
        shown = ", ".join(f"{m.number} {m.name}" for m in self.mistresses[:MISTRESSES_LISTED])
        more = len(self.mistresses) - MISTRESSES_LISTED
        return "the mistresses: " + shown + (f" and {more} more (the GM has the list)" if more > 0 else "")

    def _unknown(self, text: str, what: str, names: Iterable[str], hint: str | None = None) -> Named:
        # the words the name would be: those before the next clause ("Count Rochefort at Bothwell's")
        written = " ".join(_CLAUSE.split(text, maxsplit=1)[0].strip(" ,;.").split()) or text.strip()
        by_key, order, parts = self._unknown_index(tuple(names))
        like = suggestions(name_key(written), by_key.keys(), cutoff=0.6)
        # a name among the words ("Count Rochefort": Rochefort), or a long word of a name
        words = set(name_key(written).split())
        keys = {w for w in words if w in by_key} | {k for w in words for k in parts.get(w, ())}
        held = [by_key[k] for k in sorted(keys, key=order.__getitem__)]
        offered = list(dict.fromkeys([*held, *(by_key[k] for k in like)]))[:3]
        return Named(None, written, problem=f"{_q(written)} is not {what}",
                     hint=f"did you mean {either(offered)}?" if offered else hint)


def _q(text: str, limit: int = 60) -> str:
    return f"'{text}'" if len(text) <= limit else f"'{text[:limit - 3].rstrip()}...'"


def either(names: Iterable[str]) -> str:
    """"A", "A or B", "A, B or C"."""
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


__all__ = ["LITTLE", "MISTRESS_NUMBER", "MY_MISTRESS", "Known", "KnownMistress", "Named", "either", "name_key",
           "name_parts", "words_at"]

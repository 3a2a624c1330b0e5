"""Pen-names: a letter to the gazette may be signed with any name but a character's.

A letter signed ``as "Athos"`` by another man would put words in Athos's mouth.  A pen-name is
refused when it is, or is too like, the name of a character of the campaign (the dead too)
other than the letter's author.  Names are compared as a reader would take them:

- without case, accents or punctuation, and without the little words ("the", "a", "le",
  "la", "de", "du", "of", ...): "the athos", "Athos!" and "ATHÔS" are Athos, "D'Artagnan" is
  "Dartagnan", "Cyrano Bergerac" is "Cyrano de Bergerac";
- within a few slips of the pen (``engarde.near``, the reader's own measure: a letter added,
  dropped, changed, or two swapped, counts one): none for a name of three letters or fewer,
  one for four to six ("Athis", "Atos"), two for seven or more ("Portos", "Porthas");
- a pen-name that holds a character's name among its words, or any word of four letters or
  more of it ("Athos the Musketeer", "A Friend of Athos", "Bergerac" for Rodney Bergerac,
  "Rodney the Bold"), with the same allowance word by word.

Pure: the intake gives the names (``engarde.grammar.SheetContext.characters``).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable

from ...known import LITTLE  # the little words that carry no name, as the reader of names has them
from ...near import allowance, slips



def words(name: str) -> list[str]:
    """The words a name is known by: no accents, case or punctuation, no little words."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return [w for w in re.split(r"[\W_]+", plain.casefold()) if w and w not in LITTLE]


def _near(a: str, b: str) -> bool:
    return abs(len(a) - len(b)) <= allowance(b) and slips(a, b) <= allowance(b)


def too_like(pen_name: str, name: str) -> str | None:
    """How ``pen_name`` passes for ``name`` ("is", "is too like", "holds"), or None if it does not."""
    pen, his = words(pen_name), words(name)
    if not pen or not his:
        return None
    whole_pen, whole_his = "".join(pen), "".join(his)
    if whole_pen == whole_his:
        return "is"
    if _near(whole_pen, whole_his):
        return "is too like"
    if any(all(_near(p, h) for p, h in zip(pen[i:], his)) for i in range(len(pen) - len(his) + 1)):
        return "holds"
    if any(len(h) >= 4 and _near(p, h) for h in his for p in pen):
        return "holds"
    return None


def pen_name_problem(pen_name: str, author: str | None, characters: Iterable[str]) -> str | None:
    """Why a letter by ``author`` may not be signed ``pen_name``; None if it may."""
    own = "".join(words(author or ""))
    for name in characters:
        if own and "".join(words(name)) == own:
            continue  # his own name: the letter is simply signed
        how = too_like(pen_name, name)
        if how is not None:
            what = {"is": "is the name of", "is too like": "is too like the name of"}.get(how, "holds the name of")
            return f"the pen-name {pen_name!r} {what} {name}, a character of this campaign"
    return None

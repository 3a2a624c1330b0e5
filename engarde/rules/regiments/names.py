"""Names the order language knows besides clubs and weapons: regiments and ranks.

The order parser needs to recognise a regiment however a player spells it
("the Gascons", "Cardinals Guard", "13th Fusiliers") and to know the order of
Regimental Table A, because "A player who unsuccessfully attempts to join a
Regiment may apply to other Regiments in the same week, but may only apply to
Regiments of a lower social standing".  The names are those of the campaign's
tables (``RegimentsTables.regiments``, passed to every function here) so that an
order and a rule speak of the same regiment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Mapping

from ...near import Near, nearest, suggestions
from .tables import GENERAL_RANKS, RANKS as REGIMENT_RANKS, RNHB_REGIMENT, RegimentInfo, RegimentsTables

RNHB = RNHB_REGIMENT

# Other spellings players use.  Ambiguous short forms ("the Guards", "the
# Musketeers") are deliberately absent: guessing would send a gentleman to the
# wrong regiment.
_ALIASES: dict[str, str] = {
    "foot guards": "Royal Foot Guards",
    "royal guards": "Royal Foot Guards",
    "rfg": "Royal Foot Guards",
    "cardinal guard": "Cardinal's Guard",
    "cardinals guards": "Cardinal's Guard",
    "cardinal guards": "Cardinal's Guard",
    "kings musketeer": "King's Musketeers",
    "musketeers of the king": "King's Musketeers",
    "queens own": "Queen's Own Carabiniers",
    "queens carabiniers": "Queen's Own Carabiniers",
    "archduke leo cuirassiers": "Archduke Leopold Cuirassiers",
    "archduke leopolds cuirassiers": "Archduke Leopold Cuirassiers",
    "archduke leopold": "Archduke Leopold Cuirassiers",
    "crown princes cuirassiers": "Crown Prince Cuirassiers",
    "crown prince": "Crown Prince Cuirassiers",
    "marines": "Royal Marines",
    "grand duke max dragoons": "Grand Duke Max's Dragoons",
    "grand duke maxs": "Grand Duke Max's Dragoons",
    "picardy": "Picardy Musketeers",
    "thirteenth fusiliers": "13th Fusiliers",
    "princess louisa light dragoons": "Princess Louisa's Light Dragoons",
    "princess louisas dragoons": "Princess Louisa's Light Dragoons",
    "fifty third fusiliers": "53rd Fusiliers",
    "fifty-third fusiliers": "53rd Fusiliers",
    "twenty seventh musketeers": "27th Musketeers",
    "twenty-seventh musketeers": "27th Musketeers",
    "fourth arquebusiers": "4th Arquebusiers",
    "sixty ninth arquebusiers": "69th Arquebusiers",
    "sixty-ninth arquebusiers": "69th Arquebusiers",
    "gascon": "Gascon Regiment",
    "gascons": "Gascon Regiment",
    "gascony": "Gascon Regiment",
    "frontier": "Frontier Regiment",
    "frontier regiments": "Frontier Regiment",
    "a frontier regiment": "Frontier Regiment",
}


def _key(text: str) -> str:
    """Lower case, no apostrophes or "the", no trailing "regiment", single spaces."""
    s = text.lower().replace("\u2019", "'").replace("'", "").replace(".", " ")
    s = " ".join(s.split())
    s = re.sub(r"^(?:the|a|an)\s+", "", s)
    s = re.sub(r"\s+(?:regiment|regiments|regt)$", "", s)
    return s


@dataclass(frozen=True)
class RegimentNames:
    """The order language's regiments, made from the campaign's table of regiments."""

    # Regimental Table A, highest social standing first ("the Royal Foot Guards being the
    # highest, and the Frontier Regiments the lowest"), less the RNHB, which has no row in
    # Table A (one campaigns with it only by volunteering).
    regiments: tuple[str, ...]
    # "* Cavalry Regiment" on Regimental Table A.  A substitution "must be of the same type
    # (i.e. infantry or Cavalry) as the unit it is substituted for".
    cavalry: frozenset[str]
    # every spelling's key (``_key``) -> the regiment
    keys: Mapping[str, str]


@lru_cache(maxsize=16)
def _names(rows: tuple[RegimentInfo, ...]) -> RegimentNames:
    """Built once for each table of regiments (the rows are its cache key: the tables of
    one campaign share them), not for every order read."""
    regiments = tuple(r.name for r in rows if r.name != RNHB_REGIMENT)
    keys: dict[str, str] = {}
    for name in regiments:
        keys[_key(name)] = name
    for alias, name in _ALIASES.items():
        keys[_key(alias)] = name
    return RegimentNames(regiments, frozenset(r.name for r in rows if r.cavalry), MappingProxyType(keys))


def names_of(tables: RegimentsTables) -> RegimentNames:
    return _names(tables.regiments)


def regiment_names(tables: RegimentsTables) -> tuple[str, ...]:
    """The regiments one may apply to, in the order of Regimental Table A."""
    return names_of(tables).regiments


def cavalry_regiments(tables: RegimentsTables) -> frozenset[str]:
    """The cavalry regiments ("* Cavalry Regiment")."""
    return names_of(tables).cavalry


def regiment_named(tables: RegimentsTables, text: str) -> str | None:
    """The regiment a player means, by its name or a common spelling; None if unknown."""
    keys = names_of(tables).keys
    key = _key(text)
    if key in keys:
        return keys[key]
    # "Cardinal's Guards", "King's Musketeer": a plural too many or too few
    for variant in (key[:-1] if key.endswith("s") else key + "s",):
        if variant in keys:
            return keys[variant]
    return None


def regiments_like(tables: RegimentsTables, text: str) -> list[str]:
    """Regiments whose names are close to ``text`` or contain its words ("Musketeers")."""
    names = names_of(tables)
    key = _key(text)
    if not key:
        return []
    words = set(key.split())
    containing = [r for r in names.regiments if words and words <= set(_key(r).split())]
    if containing:
        return containing
    close = suggestions(key, names.keys, cutoff=0.6, limit=3)
    return list(dict.fromkeys(names.keys[c] for c in close))


def regiment_near(tables: RegimentsTables, text: str) -> Near:
    """``text`` read against every spelling of the regiments for a slip of the pen a GM reads
    without doubt ("Gascon Regimnet"), or the regiments a slip could be (``engarde.near``)."""
    return nearest(_key(text), _slip_keys(tables.regiments))


@lru_cache(maxsize=16)
def _slip_keys(rows: tuple[RegimentInfo, ...]) -> Mapping[str, str]:
    """Every spelling's key, and each name's whole (with its "Regiment": "gascon regiment"),
    so that a slip in the word "Regiment" is read too ("Gascon Regimnet")."""
    keys = dict(_names(rows).keys)
    for name in _names(rows).regiments:
        keys.setdefault(" ".join(name.lower().replace("'", "").split()), name)
    return MappingProxyType(keys)


def standing(tables: RegimentsTables, regiment: str) -> int:
    """Its place on Regimental Table A: 0 is the highest (the Royal Foot Guards)."""
    return names_of(tables).regiments.index(regiment)


def is_cavalry_regiment(tables: RegimentsTables, regiment: str) -> bool:
    return regiment in names_of(tables).cavalry


# Regimental Table B's ranks, lowest first, with the words players use for them.
RANKS: tuple[str, ...] = REGIMENT_RANKS + GENERAL_RANKS
_RANK_WORDS: dict[str, str] = {
    "private": "Private", "trooper": "Private", "ranker": "Private", "soldier": "Private",
    "subaltern": "Subaltern", "lieutenant": "Subaltern", "ensign": "Subaltern", "cornet": "Subaltern",
    "captain": "Captain", "captaincy": "Captain", "capt": "Captain",
    "major": "Major", "majority": "Major",
    "lieutenant colonel": "Lieutenant-Colonel", "lieutenant-colonel": "Lieutenant-Colonel",
    "lt colonel": "Lieutenant-Colonel", "lt-colonel": "Lieutenant-Colonel", "lt col": "Lieutenant-Colonel",
    "lt-col": "Lieutenant-Colonel", "lieutenant colonelcy": "Lieutenant-Colonel",
    "colonel": "Colonel", "colonelcy": "Colonel", "col": "Colonel",
    "brigadier": "Brigadier-General", "brigadier general": "Brigadier-General",
    "brigadier-general": "Brigadier-General",
    "lieutenant general": "Lieutenant-General", "lieutenant-general": "Lieutenant-General",
    "general": "General", "field marshal": "Field Marshal", "field-marshal": "Field Marshal",
    "marshal": "Field Marshal",
}


def find_rank(text: str) -> str | None:
    """The rank a player means: "Captain", "a captaincy", "Lt. Col.", "the rank of Major"."""
    s = text.lower().replace(".", " ").replace("\u2019", "'")
    s = " ".join(s.split())
    s = re.sub(r"^(?:(?:the|a|an|his|my)\s+)?(?:(?:rank|commission|post)\s+(?:of|as)\s+(?:an?\s+)?)?", "", s)
    s = re.sub(r"'?s?\s+(?:rank|commission)$", "", s).strip()
    return _RANK_WORDS.get(s)


def rank_order(rank: str) -> int:
    return RANKS.index(rank)

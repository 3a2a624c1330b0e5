"""e. Practice in the order language: "Practise with rapier", "sabre drill"."""

from __future__ import annotations

import re

from ... import codes
from ...grammar import Built, Reading, did_you_mean, problem, quote, verb
from ...known import name_key, words_at
from ..duel.grammar import ARTICLES, DEFAULT_WEAPON
from .orders import Practise

_PRACTISE = (
    r"(?:(?:practi[cs]e[sd]?|practi[cs]ing|train(?:s|ed|ing)?|fenc(?:e|es|ing)|drill(?:s|ing)?|"
    r"work(?:s|ing)?\s+on|hon(?:e|es|ing)\s+(?:my|his)\s+skill\s+(?:with|at))"
    r"(?:\s+(?P<what>.*))?|(?P<noun>.+?)\s+(?:practi[cs]e|training|drill))"
)


def _build_practise(m: re.Match[str], r: Reading) -> Built:
    noun_form = m.group("noun") is not None  # "sabre practice"
    what = m.group("noun") if noun_form else m.group("what")
    what = ARTICLES.sub("", (what or "").strip(), count=1).strip()
    if not what:
        # Practice: "Characters may practice with any weapon, but must note ...
        # which weapon is used"; the rapier is the gentleman's common weapon.
        r.note(f"no weapon named for practice: the {DEFAULT_WEAPON}")
        return Practise(DEFAULT_WEAPON)
    duel = r.tables.duel  # the weapons of Duelling Table C, as the order language spells them
    found = duel.weapon_at_start.match(what)
    if found:
        weapon = duel.weapon_spellings[found.group("weapon").lower()]
        r.leftover(found.group("tail"), f"the {weapon}")
        return Practise(weapon)
    if noun_form:
        return None  # "Go to Hunter's for practice" is not about a weapon: try other verbs
    # a slip of the pen a GM reads without doubt ("sabr", "rapeir"), or a weapon in brackets
    slip = words_at(what, {name_key(s): w for s, w in duel.weapon_spellings.items()})
    if slip is not None:
        if slip.name is None:
            return problem(slip.code, slip.problem or "", slip.hint)
        if slip.slip:
            r.note(f"read {quote(slip.written)} as {quote(slip.name)}")
        r.leftover(slip.rest.strip(" ,()"), f"the {slip.name}")
        return Practise(slip.name)
    guess = did_you_mean(what, duel.weapon_spellings)
    return problem(
        codes.E_UNKNOWN_WEAPON,
        f"{quote(what)} is not a weapon one can practise (weapons: {', '.join(duel.weapons)})",
        f"did you mean the {guess}?" if guess else None,
    )


VERBS = (verb("practise", _PRACTISE, _build_practise, ("practise", "practice", "train", "fence")),)

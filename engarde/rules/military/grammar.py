"""h. Campaigns in the order language: volunteering, petitions for a substitution, and the
standing order for poltroonery or reckless bravery."""

from __future__ import annotations

import re

from ... import codes
from ...grammar import DIGITS, I, Built, LineReader, Reading, amount, bad_order, quote, standing_in_week, verb
from ...records import ErrorRecord
from ..regiments.grammar import read_regiment
from ..regiments.names import is_cavalry_regiment
from ..regiments.tables import RegimentsTables
from .orders import CampaignStanding, Petition, Volunteer
from ...patterns import lazy

_VOLUNTEER = (
    r"(?:volunteer(?:s|ing)?|(?:go(?:es)?|serve(?:s)?|campaign(?:s)?)\s+(?:on|with|at|to)\s+(?:the\s+)?"
    r"(?=campaign|frontier|front\b|war\b|rnhb|royal\s+north)|go(?:es)?\s+to\s+(?:the\s+)?(?=war\b|front\b))"
    r"(?P<rest>.*)"
)


# The words a volunteering says besides a regiment's name: where, and what he sends.
_VOLUNTEER_WORDS = lazy(
    r"\b(?:for|to|on|with|at|in|of|and|as|a|the|my|his|this|year'?s|season'?s?|summer'?s?|regular|coming|"
    r"campaign(?:s|ing)?|frontier|front|war|rnhb|royal\s+north\s+highland\s+borderers|north\s+highland|"
    r"highland\s+border\w*|battalion|squadron|regiment|brigade|entire|whole|all|service|duty|serve|go|"
    r"volunteers?|men|troops?|one|1st|2nd|3rd|first|second|third)\b", I)


def _build_volunteer(m: re.Match[str], r: Reading) -> Built:
    """h. Volunteers: the season's campaign, or the Frontier (or the RNHB)."""
    rest = m.group("rest").lower()
    rnhb = bool(re.search(r"rnhb|north\s+highland|highland\s+border", rest))
    frontier = rnhb or bool(re.search(r"frontier|\bfront\b", rest))
    named = _volunteered_regiment(r.tables.regiments, rest)
    # every word is where he goes, what he sends, or the regiment named; any other is reported
    unread = _VOLUNTEER_WORDS.sub(" ", _regiment_named(r.tables.regiments, m.group("rest")) if named else m.group("rest"))
    r.leftover(unread, "'volunteer'")
    if named is not None:
        # "Players who command Brigades may volunteer their entire Brigade or any one
        # Regiment thereof": "Volunteer the 69th Arquebusiers" names the regiment.
        return Volunteer(frontier=frontier, rnhb=rnhb, unit=named)
    unit = re.search(r"\b(?:my|his|the|a|one)\s+(?:(?P<n>1st|2nd|3rd|first|second|third)\s+)?"
                     r"(?P<unit>battalion|squadron|regiment|brigade)\b", rest)
    if unit and unit.group("unit") == "regiment" and re.search(r"frontier\s+regiment", rest):
        unit = None
    if unit is None:
        return Volunteer(frontier=frontier, rnhb=rnhb)
    # "Players who command Regiments may volunteer their Regiment or any Squadron/Battalion
    # thereof": "Volunteer the 2nd battalion" names which.
    n = _ORDINAL.get(unit.group("n") or "") if unit.group("unit") in ("battalion", "squadron") else None
    return Volunteer(frontier=frontier, rnhb=rnhb, unit=unit.group("unit"), battalion=n)


_ORDINAL = {"1st": 1, "first": 1, "2nd": 2, "second": 2, "3rd": 3, "third": 3}


def _regiment_named(tables: RegimentsTables, rest: str) -> str:
    """``rest`` without the regiment's name that ``_volunteered_regiment`` finds in it."""
    text = rest.replace("\u2019", "'").replace("\u2018", "'")
    for spelling, _name in _spellings(tables):
        pattern = re.escape(spelling).replace("'", "'?")
        if found := re.search(rf"(?<![\w']){pattern}(?![\w'])", text, I):
            return text[:found.start()] + " " + text[found.end():]
    return text


def _spellings(tables: RegimentsTables) -> list[tuple[str, str]]:
    return sorted(((spelling, reg.name) for reg in tables.regiments
                   if not reg.name.startswith(("Frontier", "Royal North Highland"))
                   for spelling in {reg.name.lower(), *reg.aliases}),
                  key=lambda s: -len(s[0]))


def _volunteered_regiment(tables: RegimentsTables, rest: str) -> str | None:
    """The regiment (Regimental Table A's name) a Volunteer order names, if any: its
    name or a common spelling anywhere in the order, the longest first; the Frontier
    and the RNHB are where he goes, not a regiment he sends."""
    text = rest.replace("\u2019", "'").replace("\u2018", "'")
    for spelling, name in _spellings(tables):
        pattern = re.escape(spelling).replace("'", "'?")
        if re.search(rf"(?<![\w']){pattern}(?![\w'])", text):
            return name
    return None


_PETITION = (
    r"petition(?:s|ing)?\s*:?\s*(?:(?:for|to\s+have|to\s+substitute|that|for\s+the\s+substitution\s+of)\s+)?"
    r"(?P<a>.+?)\s+(?P<how>(?:to\s+)?(?:replac(?:e|es|ing)|substitut(?:e|es|ed|ing)\s+for|in\s+place\s+of|"
    r"instead\s+of|take\s+the\s+place\s+of)|for)\s+(?P<b>.+)"
)


def _build_petition(m: re.Match[str], r: Reading) -> Built:
    """h. Substitutions: "a player may petition to have a Regiment which is not going on campaign
    during the regular campaign season substituted for one which is"."""
    a = re.sub(r"\s+(?:be|to\s+be)$", "", m.group("a").strip(" ,;."), flags=I)
    b = m.group("b").strip(" ,;.")
    tables = r.tables.regiments
    regiment = read_regiment(tables, a, r)
    if isinstance(regiment, ErrorRecord):
        return regiment
    replacing = read_regiment(tables, b, r)
    if isinstance(replacing, ErrorRecord):
        return replacing
    if regiment == replacing:
        return bad_order("a regiment cannot replace itself", "name two regiments")
    if is_cavalry_regiment(tables, regiment) != is_cavalry_regiment(tables, replacing):
        return bad_order(
            f"the {regiment} cannot replace the {replacing}: The substituted Regiment must be of the same type "
            "(i.e. infantry or Cavalry) as the unit it is substituted for",
            "choose a regiment of the same type")
    return Petition(regiment, replacing)
# h./i. "The player choosing to take the poltroonery option may add any number he
# feels necessary to the die roll needed for death"; reckless bravery subtracts.
# Written "Campaign: reckless bravery +2" or "Campaign: poltroonery 1": the word
# gives the direction (CampaignStanding.campaign_modifier: bravery > 0, poltroonery < 0).
_CAMPAIGN = lazy(
    r"(?:campaign(?:\s+(?:modifier|conduct|orders?))?\s*(?:[:=]|-(?!\d))\s*(?P<body>.*)"
    r"|(?P<word>(?:poltroon\w*|cowardice|reckless(?:\s+bravery)?|bravery|heroism)\b.*))", I)

# i. Reckless Bravery: the modifier kept to the death roll ("Campaign: reckless bravery +2,
# death only"), or said to be used for the rewards too (the default).
_DEATH_ONLY = lazy(
    r"\b(?:for\s+)?(?:the\s+)?death(?:\s+roll)?\s+only\b|\bonly\s+(?:for|on)\s+(?:the\s+)?death(?:\s+roll)?\b"
    r"|\b(?:not\s+for|no|without)\s+(?:the\s+)?rewards?\b|\brewards?\s*[:=]?\s*(?:no|off)\b", I)
_WITH_REWARDS = lazy(r"\b(?:with|and)\s+(?:the\s+)?rewards?\b|\brewards?\s*[:=]?\s*(?:yes|on)\b", I)


VERBS = (
    verb("volunteer", _VOLUNTEER, _build_volunteer, ("volunteer",)),
    verb("petition", _PETITION, _build_petition, ("petition",)),
    verb("campaign order in a week", r"(?:poltroon\w*|reckless\s+bravery)\b.*", standing_in_week),
)


class CampaignLines(LineReader):
    """"Campaign: reckless bravery +2" or "Campaign: poltroonery 1" (or "none"), standing until changed."""

    LINES = ((_CAMPAIGN, "campaign"),)

    def campaign(self, number: int, m: re.Match[str]) -> None:
        body = m.group("body") if m.group("body") is not None else m.group("word")
        text = body.lower().strip(" .!")
        number_m = re.search(rf"(?P<sign>[+\-\u2212]|(?:plus|minus)\s+)?\s*(?P<n>{DIGITS})", text)
        coward = re.search(r"poltroon|coward", text)
        brave = re.search(r"reckless|brave|hero", text)
        death_only = _DEATH_ONLY.search(text)
        text = _DEATH_ONLY.sub(" ", _WITH_REWARDS.sub(" ", text)).strip(" ,;.")
        hint = ("write e.g. 'Campaign: reckless bravery +2' (or '+2, death only'), 'Campaign: poltroonery 1' "
                "(or 'Campaign: none')")
        standing = self.sheet.standing(CampaignStanding)
        if re.fullmatch(r"(?:none|normal|no\s+modifier|nothing|0|\+?0)", text):
            standing.campaign_modifier = 0
            return
        if coward and brave or not (coward or brave or number_m):
            self.sheet.error(number, codes.E_BAD_ORDER, f"campaign: {quote(body)} is not understood", hint)
            return
        if number_m is None:
            self.sheet.error(number, codes.E_BAD_ORDER, f"campaign: {quote(body)} says not by how much", hint)
            return
        size = amount(number_m.group("n"), "", words=body.strip(), hint=hint)
        if isinstance(size, ErrorRecord):
            self.sheet.error(number, size.code, size.message, size.suggestion)
            return
        sign = {"plus": "+", "minus": "-", "\u2212": "-"}.get((number_m.group("sign") or "").strip(),
                                                              (number_m.group("sign") or "").strip() or None)
        if death_only and not (brave and not coward):
            self.sheet.error(number, codes.E_BAD_ORDER,
                             f"campaign: {quote(body)}: only reckless bravery's modifier may be kept to the "
                             "death roll", hint)
            return
        if coward:
            if sign == "+":
                self.sheet.error(number, codes.E_BAD_ORDER,
                                 "poltroonery counts down, not up: +N is reckless bravery", hint)
                return
            value = -size
        elif brave:
            if sign == "-":
                self.sheet.error(number, codes.E_BAD_ORDER,
                                 "reckless bravery counts up, not down: -N is poltroonery", hint)
                return
            value = size
            # "If he lives, he may use the same modifier for his rolls for mention in
            # despatches, promotion and plunder": his choice, said on the same line.
            standing.bravery_rewards = not death_only
        else:
            value = -size if sign == "-" else size
        standing.campaign_modifier = value

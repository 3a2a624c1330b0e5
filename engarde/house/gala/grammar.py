"""The gala in the order language: the week's action ("Week 2: Attend the gala", "Attend the
Duchesse's gala") and the written gala plan, one line each, read at ingest like any order:

    Gala plan:
    Round 1: seek Athos; attack Athos's wit
    Round 2: ask Aramis to dance
    Rounds 4-5: keep to myself; explore the library
    Round 7: seek Porthos; sell my secret about Rochefort to Porthos
    Round 8: seek Porthos; sell a rumour about Rochefort (hearts, 4) to Porthos: he keeps a dancer
    Round 9: join the dance; propose to Aramis
    Accept dances from: anyone | Athos, Aramis | no one
    Accept proposals from: Aramis
    Retort: always | never | when my Wit is 10 or more
    Call faux pas on: interrupting, selling; Vote: with the accuser | against the accuser | as I call
    Call rumours: never | always | worth 3 or more
    A secret about me called a rumour: own it | deny it
    Outburst: tell everything | tell nothing | tell the secrets about Rochefort, Athos

A round's line is its engagement (seek X, join the dance, keep to myself), then its action
(attack X's charm|wit|accomplishment, ask X to dance, propose to X, sell my secret about X to
Y, sell a rumour about X (area, value) to Y: its words, explore the ROOM, speak, break off my
engagement); either may be left out (keeping to himself; speaking).  Every word is read or the
line is reported with what was not understood.
"""

from __future__ import annotations

import re

from engarde.grammar import I, Built, LineReader, Reading, SheetContext, amount, bad_order, quote, verb
from engarde.records import ErrorRecord

from .codes import E_GALA_PLAN, E_GALA_ROUND
from .orders import (AGAINST, ALONE, ANYONE, AS_I_CALL, ASK, ATTACK, BREAK, DANCE, EXPLORE, FAUX_PAS, PROPOSE,
                     RUMOUR, SEEK, SELL, SPEAK, STATS, WITH, Attend, BreakOff, GalaPlan, Move)
from .tables import GalaTables
from ...patterns import Regex, lazy

AREAS = ("hearts", "diamonds", "clubs", "spades")
_POSSESSIVE = r"(?:'s|s'|')"

# -- the week's action ----------------------------------------------------------------

_ATTEND = r"(?:attend(?:s|ing)?|go(?:es)?\s+to|be\s+at|dance\s+at)\s+(?P<rest>.*\b(?:gala|ball)\b.*)"
_HOST = r"(?:host|give|hold)(?:s)?\s+(?:my|his|a|the)\s+(?:gala|ball)"


def _build_attend(m: re.Match[str], r: Reading) -> Built:
    rest = " " + m.group("rest") + " "
    host = ""
    if hm := re.search(rf"\s(?:at|of|given\s+by|hosted\s+by|held\s+by)\s+(?:the\s+house\s+of\s+)?(?P<host>.+?){_POSSESSIVE}?\s*$",
                       rest, I):
        host, rest = hm.group("host"), rest[:hm.start()] + " "
    if hm := re.search(rf"^\s*(?:the\s+)?(?P<host>.+?){_POSSESSIVE}\s+(?:gala|ball)\b", rest, I):
        if host:
            return bad_order(f"{quote(m.group(0))}: whose gala?", "name the host once: 'Attend the Duc's gala'")
        host, rest = hm.group("host"), rest[hm.end():]
    else:
        rest = re.sub(r"^\s*(?:the\s+|a\s+)?(?:gala|ball)\b", " ", rest, flags=I)
    if host.strip().lower() in ("my", "his"):
        host = r.author or ""
    r.leftover(rest, "the gala")
    return Attend(" ".join(host.split()))


def _build_host(m: re.Match[str], r: Reading) -> Built:
    return Attend(r.author or "")


def _build_break_off(m: re.Match[str], r: Reading) -> Built:
    return BreakOff()


VERBS = (
    verb("attend gala", _ATTEND, _build_attend, ("attend",), after="rest"),
    verb("host gala", _HOST, _build_host, ("host",), after="attend gala"),
    verb("break off engagement", r"break\s+off\s+(?:my\s+|the\s+|his\s+)?engagement", _build_break_off, ("break",),
         after="host gala"),
)

# -- the plan --------------------------------------------------------------------------

_PLAN = lazy(r"(?:my\s+|his\s+|the\s+)?gala\s+plan\s*[:.-]?\s*(?P<rest>.*)", I)
_ROUND = lazy(r"rounds?\s+(?P<first>\d+)(?:\s*(?:-|\u2013|to|and)\s*(?P<last>\d+))?\s*[:.-]\s*(?P<body>.*)", I)
_DANCES = lazy(r"accept\s+(?:dances?|partners?)(?:\s+from)?\s*[:=-]?\s*(?P<who>.*)", I)
_PROPOSALS = lazy(r"accept\s+(?:proposals?|offers?)(?:\s+of\s+marriage)?(?:\s+from)?\s*[:=-]?\s*(?P<who>.*)", I)
_RETORT = lazy(r"retorts?\s*[:=-]?\s*(?P<how>.*)", I)
_CALLS = lazy(r"(?:call\s+)?faux\s+pas(?:\s+on)?\s*[:=-]?\s*(?P<what>.*)", I)
_VOTE = lazy(r"votes?(?:\s+on\s+(?:faux\s+pas|calls?))?\s*[:=-]?\s*(?P<how>.*)", I)
_ACCUSE = lazy(r"(?:call|accuse)\s+rumou?rs?\s*[:=-]?\s*(?P<how>.*)", I)
_QUESTIONED = lazy(r"(?:if\s+)?(?:a\s+)?secrets?\s+about\s+me\s+(?:is\s+)?(?:called\s+a\s+rumou?r|questioned)"
                   r"\s*[:=-]?\s*(?P<how>.*)", I)
_OUTBURST = lazy(r"(?:in\s+an\s+)?outbursts?\s*[:=-]?\s*(?P<how>.*)", I)

_SEEK = lazy(rf"(?:seek(?:\s+out)?|converse\s+with|talk\s+(?:to|with)|join)\s+(?P<who>.+?)(?:{_POSSESSIVE}\s+(?:conversation|company))?", I)
_DANCE = lazy(r"(?:join\s+the\s+dance|dance)", I)
_ALONE = lazy(r"keep\s+(?:the\s+room\s+)?to\s+(?:myself|himself)|(?:keep\s+)?alone|keep\s+my\s+own\s+company", I)

_ATTACK = lazy(rf"attack\s+(?:(?P<who>.+?){_POSSESSIVE}\s+(?P<stat>\w+)|(?:the\s+)?(?P<stat2>\w+)\s+of\s+(?P<who2>.+))", I)
_ASK = lazy(r"ask\s+(?P<who>.+?)\s+(?:to|for)\s+(?:a\s+|the\s+(?:next\s+)?)?dance", I)
_PROPOSE = lazy(rf"(?:propose\s+to\s+(?P<who>.+)|ask\s+for\s+(?P<who2>.+?){_POSSESSIVE}\s+hand(?:\s+in\s+marriage)?)", I)
_SELL = lazy(
    rf"sell\s+(?:(?:my|the|a|his)\s+)?(?:secret\s+(?:about|of)\s+(?P<about>.+?)|(?P<about2>.+?){_POSSESSIVE}\s+secret)"
    rf"(?:\s*\(\s*(?P<area>\w+)\s*\))?\s+to\s+(?P<buyer>.+)", I)
_RUMOUR = lazy(
    r"sell\s+(?:a\s+|my\s+)?rumou?r\s+(?:about|of)\s+(?P<about>.+?)\s*\(\s*(?P<area>\w+)\s*,\s*(?:worth\s+)?"
    r"(?P<value>[^)]+?)\s*\)\s+to\s+(?P<buyer>[^:]+?)\s*:\s*(?P<text>.+)", I)
_EXPLORE = lazy(r"(?:explore|wander\s+into|search)\s+(?:the\s+)?(?P<room>.+)", I)
_SPEAK = lazy(r"speak(?:\s*,?\s*and\s+nothing\s+more)?|nothing(?:\s+more)?|talk", I)
_BREAK = lazy(r"break\s+off\s+(?:my\s+|the\s+|his\s+)?engagement", I)

_ANYONE = lazy(r"any(?:one|body)|every(?:one|body)|all", I)
_NO_ONE = lazy(r"no\s*one|nobody|none", I)
_RETORT_WIT = lazy(r"(?:when|if)\s+(?:my|his)\s+wit\s+is\s+(?P<n>\S+)\s+or\s+more", I)
_ACCUSE_WORTH = lazy(r"(?:when\s+|if\s+)?(?:it\s+is\s+|they\s+are\s+)?worth\s+(?P<n>\S+)\s+or\s+more", I)
_VOTES = {
    WITH: lazy(r"(?:with|for)\s+the\s+accuser|with\s+the\s+call|for\s+the\s+call|yes|aye", I),
    AGAINST: lazy(r"against(?:\s+the\s+(?:accuser|call))?|no|nay", I),
    AS_I_CALL: lazy(r"as\s+i\s+(?:would\s+)?call|as\s+i\s+call\s+them", I),
}
_FAUX_WORDS = {
    "interrupting": "interrupting", "interruptions": "interrupting", "tearing away": "interrupting",
    "attacking": "attacking", "attacks": "attacking", "selling": "selling", "selling secrets": "selling",
    "sales": "selling", "proposing": "proposing", "proposals": "proposing", "breaking off": "breaking off",
    "outbursts": "outbursts", "outburst": "outbursts",
}


def _split(body: str) -> list[str]:
    """A round's line split at its first ';' (the engagement, then the action)."""
    head, sep, tail = body.partition(";")
    return [head.strip(" ,."), tail.strip(" ,.")] if sep else [body.strip(" ,.")]


class GalaLines(LineReader):
    """The gala plan's lines (see the module's docstring); each line read whole or reported."""

    LINES = (
        (_PLAN, "plan"),
        (_ROUND, "round_line"),
        (_DANCES, "dances"),
        (_PROPOSALS, "proposals"),
        (_RETORT, "retort"),
        (_CALLS, "calls"),
        (_VOTE, "vote"),
        (_ACCUSE, "accuse"),
        (_QUESTIONED, "questioned"),
        (_OUTBURST, "outburst"),
    )

    def __init__(self, sheet: SheetContext) -> None:
        super().__init__(sheet)
        self.rounds_written: dict[int, int] = {}  # round -> the line that wrote it

    @property
    def tables(self) -> GalaTables:
        return self.sheet.tables.gala

    @property
    def plan_record(self) -> GalaPlan:
        return self.sheet.monthly(GalaPlan)

    def bad(self, number: int, message: str, hint: str, code: str = E_GALA_PLAN) -> None:
        self.sheet.error(number, code, message, hint)

    def plan(self, number: int, m: re.Match[str]) -> None:
        self.plan_record  # the plan is given, even if every round keeps to himself
        if m.group("rest").strip(" :.-"):
            self.bad(number, f"{quote(m.group('rest'))} after 'Gala plan:' is not understood",
                     "write each round on a line of its own: 'Round 1: seek Athos; speak'")

    def round_line(self, number: int, m: re.Match[str]) -> None:
        first = int(m.group("first")) if len(m.group("first")) < 4 else 0
        last = int(m.group("last")) if m.group("last") and len(m.group("last")) < 4 else first
        rounds = self.tables.rounds
        if not 1 <= first <= last <= rounds:
            self.bad(number, f"{quote(m.group(0))}: the rounds of a gala are 1 to {rounds}",
                     f"write 'Round N: ...' with N from 1 to {rounds}", E_GALA_ROUND)
            return
        r = self.sheet.reading()
        moves = []
        for n in range(first, last + 1):
            move = self.read_round(n, m.group("body"), r)
            if isinstance(move, ErrorRecord):
                self.sheet.take(number, r, move)
                return
            moves.append(move)
        if self.sheet.take(number, r, moves) is None:
            return
        for n in range(first, last + 1):
            if n in self.rounds_written:
                self.sheet.note(f"line {number}: round {n} was planned on line {self.rounds_written[n]} too: "
                                "this line replaces it")
            self.rounds_written[n] = number
        plan = self.plan_record
        kept = tuple(x for x in plan.moves if not first <= x.round <= last)
        plan.moves = tuple(sorted(kept + tuple(moves), key=lambda x: x.round))

    def read_round(self, n: int, body: str, r: Reading) -> Move | ErrorRecord:
        parts = [p for p in _split(body) if p]
        if not parts:
            return bad_order(f"round {n}: nothing planned", "write an engagement, an action or both: 'seek Athos; speak'")
        engage = self.read_engagement(parts[0], r)
        if engage is not None and len(parts) == 1:
            if isinstance(engage, ErrorRecord):
                return engage
            return Move(n, engage[0], engage[1])
        if engage is None:
            if len(parts) > 1:
                return bad_order(f"round {n}: {quote(parts[0])} is no engagement (seek someone, join the dance, "
                                 "keep to myself)", "write 'Round N: engagement; action'")
            engage = (ALONE, "")
        if isinstance(engage, ErrorRecord):
            return engage
        action = self.read_action(parts[-1], r)
        if isinstance(action, ErrorRecord):
            return action
        kind, fields = action
        if kind in (SELL, RUMOUR) and len(parts) == 1:
            engage = (SEEK, fields["target"])  # a sale needs the buyer's company: he seeks him out
        return Move(n, engage[0], engage[1], kind, **fields)

    def read_engagement(self, text: str, r: Reading) -> tuple[str, str] | ErrorRecord | None:
        if _DANCE.fullmatch(text):
            return DANCE, ""
        if _ALONE.fullmatch(text):
            return ALONE, ""
        if (m := _SEEK.fullmatch(text)) and not re.match(r"the\s+dance", m.group("who"), I):
            who = r.character(m.group("who"))
            return who if isinstance(who, ErrorRecord) else (SEEK, who)
        return None

    def read_action(self, text: str, r: Reading) -> tuple[str, dict] | ErrorRecord:
        if _SPEAK.fullmatch(text):
            return SPEAK, {}
        if _BREAK.fullmatch(text):
            return BREAK, {}
        if m := _ATTACK.fullmatch(text):
            stat = (m.group("stat") or m.group("stat2")).lower()
            if stat not in STATS:
                return bad_order(f"{quote(stat)} is no gala stat", "attack someone's charm, wit or accomplishment")
            who = r.character(m.group("who") or m.group("who2"))
            return who if isinstance(who, ErrorRecord) else (ATTACK, {"target": who, "stat": stat})
        if m := _ASK.fullmatch(text):
            who = r.character(m.group("who"))
            return who if isinstance(who, ErrorRecord) else (ASK, {"target": who})
        if m := _PROPOSE.fullmatch(text):
            who = r.character(m.group("who") or m.group("who2"))
            return who if isinstance(who, ErrorRecord) else (PROPOSE, {"target": who})
        if m := _RUMOUR.fullmatch(text):
            area = m.group("area").lower()
            if area not in AREAS:
                return bad_order(f"{quote(area)} is no area of a secret", f"write one of {', '.join(AREAS)}")
            value = amount(m.group("value"), "", low=2, high=self.tables.max_rumour, words=m.group("value"))
            if isinstance(value, ErrorRecord):
                return value
            about = r.character(m.group("about"))
            if isinstance(about, ErrorRecord):
                return about
            buyer = r.character(m.group("buyer"))
            if isinstance(buyer, ErrorRecord):
                return buyer
            return RUMOUR, {"target": buyer, "about": about, "area": area, "value": value,
                            "text": m.group("text").strip()}
        if m := _SELL.fullmatch(text):
            area = (m.group("area") or "").lower()
            if area and area not in AREAS:
                return bad_order(f"{quote(area)} is no area of a secret", f"write one of {', '.join(AREAS)}")
            about = r.character(m.group("about") or m.group("about2"))
            if isinstance(about, ErrorRecord):
                return about
            buyer = r.character(m.group("buyer"))
            if isinstance(buyer, ErrorRecord):
                return buyer
            return SELL, {"target": buyer, "about": about, "area": area}
        if m := _EXPLORE.fullmatch(text):
            room = m.group("room").strip(" .")
            return EXPLORE, {"room": room}
        return bad_order(f"{quote(text)} is no gala action",
                         "attack X's wit, ask X to dance, propose to X, sell my secret about X to Y, "
                         "explore the library, speak, or break off my engagement")

    def names(self, number: int, text: str, what: str) -> tuple[str, ...] | None:
        text = text.strip(" .")
        if _ANYONE.fullmatch(text):
            return (ANYONE,)
        if _NO_ONE.fullmatch(text) or not text:
            if not text:
                self.bad(number, f"{what}: whom?", "write 'anyone', 'no one' or their names")
                return None
            return ()
        r = self.sheet.reading()
        return self.sheet.take(number, r, r.characters(text))

    def dances(self, number: int, m: re.Match[str]) -> None:
        names = self.names(number, m.group("who"), "accept dances from")
        if names is not None:
            self.plan_record.dances_from = names

    def proposals(self, number: int, m: re.Match[str]) -> None:
        names = self.names(number, m.group("who"), "accept proposals from")
        if names is not None:
            self.plan_record.proposals_from = names

    def _always_never_or(self, number: int, how: str, threshold: Regex, what: str,
                         hint: str) -> str | None:
        """"always", "never", or the number ``threshold`` reads (as text); None (reported) if none."""
        if how in ("always", "never"):
            return how
        if wm := threshold.fullmatch(how):
            n = amount(wm.group("n"), "", high=100, words=wm.group("n"))
            if not isinstance(n, ErrorRecord):
                return str(n)
            self.bad(number, n.message, n.suggestion or "")
        else:
            self.bad(number, f"{what} {quote(how)}: not understood", hint)
        return None

    def retort(self, number: int, m: re.Match[str]) -> None:
        how = self._always_never_or(number, m.group("how").strip(" .").lower(), _RETORT_WIT, "retort",
                                    "write 'Retort: always', 'never' or 'when my Wit is 10 or more'")
        if how is not None:
            self.plan_record.retort = how

    def calls(self, number: int, m: re.Match[str]) -> None:
        what = m.group("what")
        head, sep, tail = what.partition(";")
        if sep:
            vm = _VOTE.fullmatch(tail.strip())
            if vm is None:
                self.bad(number, f"{quote(tail.strip())} after the faux pas is not understood",
                         "write 'Vote: with the accuser', 'against the accuser' or 'as I call'")
                return
            self.vote(number, vm)
        head = head.strip(" .").lower()
        if _NO_ONE.fullmatch(head) or head in ("nothing", "never"):
            self.plan_record.calls = ()
            return
        kinds = []
        for word in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", head):
            kind = _FAUX_WORDS.get(" ".join(word.split()))
            if kind is None:
                self.bad(number, f"faux pas on {quote(word)}: not one the gala knows",
                         "call faux pas on " + ", ".join(FAUX_PAS) + " (or nothing)")
                return
            if kind not in kinds:
                kinds.append(kind)
        self.plan_record.calls = tuple(kinds)

    def vote(self, number: int, m: re.Match[str]) -> None:
        how = m.group("how").strip(" .")
        found = next((v for v, p in _VOTES.items() if p.fullmatch(how)), None)
        if found is None:
            self.bad(number, f"vote {quote(how)}: not understood",
                     "write 'Vote: with the accuser', 'against the accuser' or 'as I call'")
            return
        self.plan_record.vote = found

    def accuse(self, number: int, m: re.Match[str]) -> None:
        how = self._always_never_or(number, m.group("how").strip(" .").lower(), _ACCUSE_WORTH, "call rumours",
                                    "write 'Call rumours: always', 'never' or 'worth 3 or more'")
        if how is not None:
            self.plan_record.accuse = how

    def questioned(self, number: int, m: re.Match[str]) -> None:
        how = m.group("how").strip(" .").lower()
        if re.fullmatch(r"own(?:\s+(?:it|the\s+truth))?|(?:declare\s+it\s+|say\s+it\s+is\s+)?true|tell\s+the\s+truth", how):
            self.plan_record.questioned = "own"
        elif re.fullmatch(r"deny(?:\s+(?:it|everything|all))?|(?:declare\s+it\s+|say\s+it\s+is\s+)?false", how):
            self.plan_record.questioned = "deny"
        else:
            self.bad(number, f"{quote(how)}: own it or deny it?",
                     "write 'A secret about me called a rumour: own it' or 'deny it'")

    def outburst(self, number: int, m: re.Match[str]) -> None:
        how = m.group("how").strip(" .")
        if re.fullmatch(r"(?:tell\s+)?(?:everything|all)", how, I):
            self.plan_record.outburst = ("all",)
            return
        if re.fullmatch(r"(?:tell\s+)?nothing|never|hold\s+my\s+tongue|none", how, I):
            self.plan_record.outburst = ()
            return
        if om := re.fullmatch(r"(?:tell\s+)?(?:the\s+)?secrets?\s+(?:about|of)\s+(?P<who>.+)", how, I):
            r = self.sheet.reading()
            names = self.sheet.take(number, r, r.characters(om.group("who")))
            if names is not None:
                self.plan_record.outburst = names
            return
        self.bad(number, f"outburst {quote(how)}: not understood",
                 "write 'Outburst: tell everything', 'tell nothing' or 'tell the secrets about Athos, Porthos'")

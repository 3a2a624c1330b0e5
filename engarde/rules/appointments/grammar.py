"""Appointments in the order language: "Seek appointment as Brigade Major"."""

from __future__ import annotations

import re

from ...grammar import I, Built, Reading, bad_order, did_you_mean, quote, verb
from ...known import name_key
from .orders import SeekAppointment

_APPOINTMENT = (
    r"(?:seek(?:s|ing)?|apply(?:ing)?\s+for|appl(?:y|ies)\s+to\s+be|request(?:s|ing)?|ask(?:s|ing)?\s+for|"
    r"solicit(?:s|ing)?|petition(?:s|ing)?\s+for|try\s+for|stand\s+for)\s+(?:an?\s+|the\s+)?"
    r"(?:(?:appointment|post|position|office|place)(?:\s+(?:as|of|for|to))?\s+)?(?P<post>.*)"
)


def _build_appointment(m: re.Match[str], r: Reading) -> Built:
    whole = m.group(0).lower()
    if not re.search(r"\b(?:appointment|post|position|office|place|to\s+be)\b", whole):
        return None  # "petition for the Cardinal's Guard to replace ...", "apply for ..."
    post = re.sub(r"^(?:an?\s+|the\s+)", "", m.group("post").strip(" ,;."), flags=I)
    if not post:
        return bad_order("which appointment?", "write e.g. 'Seek appointment as Brigade Major'")
    return SeekAppointment(_read_post(post, r))


def _read_post(post: str, r: Reading) -> str:
    """The post as written, or as the campaign's table names it when a slip of the pen a GM
    reads without doubt made it ("Brigade Majr"); otherwise a note, not an error: the GM's
    appointments table may differ."""
    tables = r.tables.appointments
    if tables.post(post) is not None:
        return post
    spellings = {name_key(s): p.name for p in tables.appointments for s in (p.name, *p.aliases)}
    slip = r.near(post, spellings, key=name_key)
    if isinstance(slip, str):
        return slip
    guess = slip.message.split(": ", 1)[-1] if slip is not None else did_you_mean(
        post, {p.name.lower(): p.name for p in tables.appointments})
    r.note(f"engarde knows no post called {quote(post)}" + (f": did you mean {guess.rstrip('?')}?" if guess else ""))
    return post


VERBS = (verb("seek appointment", _APPOINTMENT, _build_appointment, ("seek", "appointment")),)

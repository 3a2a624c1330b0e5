"""Appointments in the order language: "Seek appointment as Brigade Major"."""

from __future__ import annotations

import difflib
import re

from ...grammar import I, Built, Reading, bad_order, quote, verb
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
    _note_unknown_post(post, r)
    return SeekAppointment(post)


def _note_unknown_post(post: str, r: Reading) -> None:
    """A note (not an error: the GM's appointments table may differ) when no post has this name."""
    tables = r.tables.appointments
    if tables.post(post) is not None:
        return
    names = [p.name for p in tables.appointments]
    guess = difflib.get_close_matches(post.lower(), [n.lower() for n in names], n=1, cutoff=0.6)
    hint = next((n for n in names if guess and n.lower() == guess[0]), None)
    r.note(f"engarde knows no post called {quote(post)}" + (f": did you mean {hint}?" if hint else ""))


VERBS = (verb("seek appointment", _APPOINTMENT, _build_appointment, ("seek", "appointment")),)

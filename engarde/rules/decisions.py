"""A decision that waits for a player: one mechanism for every rule that says a
player holding a position decides instead of the dice.

- g. Regiments: "If the Regiment is commanded by a player, no roll is required:
  the Commander decides who is accepted" (``Regiment.pending``);
- Appointments: a post appointed by a position a player holds (the Minister of
  War, a player colonel, a player Brigadier) waits for him
  (``World.appointments_pending``);
- h. Campaign: "If a player is Field Marshal, he may substitute one Regiment as
  he sees fit": petitions wait for him instead of the roll (``World.petitions``).

Each waiting request is a plain dict in a list kept in the campaign's world,
with at least ``character`` (who asks), ``month`` and ``week`` (when).  The
player's answer is not an order of the game: the GM records it between months
(``record``; the CLI's ``... decide`` commands) as ``decision`` ("accept" or
"refuse") with ``decided_for`` (the month it is carried out in), and the rules
module carries it out at that month's start (``settle``) through the ledger,
like every other change.  Nothing here rolls a die or decides for anyone.
"""

from __future__ import annotations

from typing import Any, Callable

from ..codes import E_AWAITS_PLAYER
from ..records import Character, ErrorRecord
from ..turn import Turn

ACCEPT, REFUSE = "accept", "refuse"


def wait(turn: Turn, queue: list[dict[str, Any]], request: dict[str, Any], week: int, *,
         code: str, who: tuple[str, ...], data: dict[str, Any], message: str, hint: str) -> dict[str, Any]:
    """Put ``request`` (his earlier one in ``queue`` replaced) to wait for a player's
    answer; the applicant and the player are told (event ``code`` to ``who``), and
    the GM (an ``E_AWAITS_PLAYER`` error naming the command that records it)."""
    entry = dict(request, month=turn.month.key, week=week)
    queue[:] = [p for p in queue if p["character"] != entry["character"]]
    queue.append(entry)
    turn.event(code, week, who, public=False, **data)
    turn.errors.append(ErrorRecord(entry["character"], 0, E_AWAITS_PLAYER, message, hint))
    return entry


def decision(entry: dict[str, Any]) -> str | None:
    """"accept", "refuse", or None while it waits."""
    value = entry.get("decision")
    return value if value in (ACCEPT, REFUSE) else None


def settle(turn: Turn, queue: list[dict[str, Any]],
           carry_out: Callable[[dict[str, Any], Character, str], None]) -> list[dict[str, Any]]:
    """Carry out every answered request of ``queue`` (``carry_out(entry, applicant,
    decision)``, in the order they were made); returns those still waiting."""
    waiting = []
    for entry in list(queue):
        answer = decision(entry)
        ch = turn.characters.get(entry["character"])
        if answer is None or ch is None:
            waiting.append(entry)
            continue
        carry_out(entry, ch, answer)
    return waiting


def find(queue: list[dict[str, Any]], applicant: str) -> dict[str, Any] | None:
    """His latest request in ``queue`` (the name case-insensitive)."""
    key = applicant.strip().casefold()
    found = [p for p in queue if p["character"].casefold() == key]
    return found[-1] if found else None


def record(queue: list[dict[str, Any]], applicant: str, accept: bool, month: str) -> dict[str, Any] | None:
    """The GM records the player's answer to ``applicant``'s request (None: no such
    request waits); it is carried out at the start of ``month``."""
    entry = find(queue, applicant)
    if entry is None:
        return None
    entry["decision"] = ACCEPT if accept else REFUSE
    entry["decided_for"] = month
    return entry


def waiting_names(queue: list[dict[str, Any]]) -> str:
    return ", ".join(p["character"] for p in queue) or "none"

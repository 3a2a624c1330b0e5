"""``engarde turn undo`` and the secrets: what the month did is undone, what the GM did since is kept.

The snapshot a month keeps is the secrets as they were before it; the state now is that month's
work with the GM's since on top.  They are told apart by the cards themselves: the GM's
``engarde secrets add`` makes a secret whose origin is ``GM_HOW``, his ``give`` stamps the card
``GM_GIVE``, and no rule writes either.  So:

* a secret the state before lacks, put into play by the GM, came after the month: it is kept,
  with its cards as they are now (under the numbers its cards have now: the players may have
  been told them), and the next numbers start after them;
* a card the GM gave since (``GM_GIVE``, not so before) keeps its new holder, when that card
  was in play before the month; a card the month itself made (bought, copied) is undone with
  it, and the GM is told his gift of it is lost (``lost``), as he is when the month's undoing
  puts another copy of that secret back in the receiver's hand (a man holds one copy of a
  secret at most): that card then stays where it was before the month.

Everything else (what the month's rules did: copies made, cards spread, revealed, discarded) is
as it was before the month.
"""

from __future__ import annotations

from typing import Any

from .hands import holding
from .state import GM_GIVE, GM_HOW, PILES, Copy, SecretsState


def _holder_text(holder: str) -> str:
    return {p: f"the {p.strip('()')} pile" for p in PILES}.get(holder, holder)


def _undone(before: dict[str, Any], now: dict[str, Any]) -> tuple[SecretsState, list[str]]:
    state = SecretsState.from_dict(before)
    later = SecretsState.from_dict(now)
    lost: list[str] = []
    added = {sid for sid, secret in later.secrets.items() if sid not in state.secrets and secret.origin == GM_HOW}
    for sid in sorted(added):
        state.secrets[sid] = later.secrets[sid]
    for card in later.copies.values():
        if card.secret in added:
            state.copies[card.id] = card
            continue
        if card.how != GM_GIVE or state.copies.get(card.id) == card:
            continue  # the month's doing, or the GM's before the month (in the snapshot already)
        old = state.copies.get(card.id)
        if old is None:
            lost.append(f"secrets: card No. {card.id}, which you gave to {_holder_text(card.holder)} after the "
                        "month was resolved, was made in that month and is undone with it (give its secret "
                        "again once the month is run again)")
            continue
        other: Copy | None = None if card.holder in PILES else holding(state, card.holder, card.secret)
        if other is not None and other.id != card.id:
            lost.append(f"secrets: card No. {card.id}, which you gave to {_holder_text(card.holder)} after the "
                        f"month was resolved, stays with {_holder_text(old.holder)}: before the month "
                        f"{_holder_text(card.holder)} held No. {other.id} of that secret, and a man holds one copy "
                        "of a secret at most")
            continue
        state.copies[card.id] = card
    state.next_secret_id = max(state.next_secret_id, max(state.secrets, default=0) + 1)
    state.next_copy_id = max(state.next_copy_id, max(state.copies, default=0) + 1)
    return state, lost


def undo(before: dict[str, Any], now: dict[str, Any]) -> dict[str, Any]:
    """The secrets as before the month, with the GM's ``add`` and ``give`` since kept."""
    return _undone(before, now)[0].to_dict()


def lost(before: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """What the GM did since the month that its undoing cannot keep, each said in a line."""
    return _undone(before, now)[1]

"""What can be done with secrets: pure functions on the world's ``SecretsState``.

The gala, social-conflict and gossip house rules all go through these, so a secret found at a
gala can be sold there, played in a conflict and printed as gossip, and its copies always say
where they came from.  A rule gets the state with ``turn.world.part("secrets")``.
"""

from __future__ import annotations

from .state import AREAS, PILES, Copy, Secret, SecretsState


class SecretsError(ValueError):
    """A move the rules of secrets do not allow (the message says which)."""


def new_secret(state: SecretsState, about: str, area: str, value: int, text: str, *, holder: str,
               how: str, month: str, true: bool = True, author: str | None = None,
               given_by: str | None = None) -> Copy:
    """A secret comes into the world: its original card goes to ``holder`` (a character or a
    pile).  A made-up rumour is ``true=False`` with its ``author``."""
    if area not in AREAS:
        raise SecretsError(f"a secret's area is one of {', '.join(AREAS)}, not {area!r}")
    if value < 0:
        raise SecretsError(f"a secret's value is 0 or more, not {value}")
    secret = Secret(state.next_secret_id, about, area, value, text, how, month, true, author)
    state.secrets[secret.id] = secret
    state.next_secret_id += 1
    return _add_copy(state, secret.id, holder, value, None, given_by, how, month)


def _add_copy(state: SecretsState, secret: int, holder: str, value: int, source: int | None,
              given_by: str | None, how: str, month: str) -> Copy:
    copy = Copy(state.next_copy_id, secret, holder, value, source, given_by, how, month)
    state.copies[copy.id] = copy
    state.next_copy_id += 1
    return copy


def hand(state: SecretsState, holder: str) -> list[Copy]:
    """The copies ``holder`` holds (a character's hand, or a pile), oldest first."""
    return [c for c in state.copies.values() if c.holder == holder]


def by_holder(state: SecretsState) -> dict[str, list[Copy]]:
    """Every holder's copies (a character's hand, a pile), oldest first: one walk of the copies
    for all of them, where ``hand`` walks them for one."""
    held: dict[str, list[Copy]] = {}
    for c in state.copies.values():
        held.setdefault(c.holder, []).append(c)
    return held


def holding(state: SecretsState, holder: str, secret: int) -> Copy | None:
    """``holder``'s copy of the secret, if he has one."""
    return next((c for c in state.copies.values() if c.holder == holder and c.secret == secret), None)


def copy_to(state: SecretsState, source: Copy, to: str, *, how: str, month: str) -> Copy:
    """A copy made from ``source`` for ``to``: worth one less than the card it is copied from
    (gala.txt, Selling Secrets).  Refused when ``to`` already holds a copy of that secret, or
    when the secret has dwindled to nothing (a copy of a card worth 0 or 1)."""
    if source.id not in state.copies:
        raise SecretsError(f"copy {source.id} is no longer held by anyone")
    if holding(state, to, source.secret) is not None:
        raise SecretsError(f"{to} already holds a copy of that secret")
    if source.value - 1 < 1:
        raise SecretsError("that secret is worth too little to repeat")
    return _add_copy(state, source.secret, to, source.value - 1, source.id, source.holder, how, month)


def give(state: SecretsState, copy: Copy, to: str, *, how: str, month: str) -> Copy:
    """The card itself changes hands (to another character or onto a pile); it keeps its value
    and remembers who passed it.  Refused when ``to`` already holds a copy of that secret."""
    if to not in PILES and holding(state, to, copy.secret) is not None:
        raise SecretsError(f"{to} already holds a copy of that secret")
    moved = Copy(copy.id, copy.secret, to, copy.value, copy.source, copy.holder, how, month)
    state.copies[copy.id] = moved
    return moved


def in_circulation(state: SecretsState, secret: int) -> int:
    """How many copies of the secret are held by characters besides its original card (what an
    outburst adds to the secret's value: gala.txt, Outbursts)."""
    return sum(1 for c in state.copies.values()
               if c.secret == secret and c.source is not None and c.holder not in PILES)


def reveal(state: SecretsState, secret: int, month: str) -> list[Copy]:
    """The secret is told to all: every copy of it, in hands and on piles, is discarded (and
    returned, so the rule can say who held one); the secret is marked revealed."""
    found = state.secrets.get(secret)
    if found is None:
        raise SecretsError(f"there is no secret {secret}")
    gone = [c for c in state.copies.values() if c.secret == secret]
    for c in gone:
        del state.copies[c.id]
    found.revealed = month
    return gone


def discard(state: SecretsState, copy: Copy) -> None:
    """One copy leaves play (the others stay)."""
    state.copies.pop(copy.id, None)


def trail(state: SecretsState, copy: Copy) -> list[Copy]:
    """Where a copy came from: itself, the copy it was made from, and so on back to the
    original card (as far as those copies are still in play)."""
    chain = [copy]
    while chain[-1].source is not None and chain[-1].source in state.copies:
        chain.append(state.copies[chain[-1].source])
    return chain

"""A side's written tactics: when the attacker compares or retreats, when the defender escapes,
which card he lays face down, and whether he plays face cards and aces.

A field left ``None`` was not written; ``with_defaults`` fills in the campaign's defaults (the
module's tables), so a man who wrote no tactics still plays (docs/rules-coverage.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import SUITS

PLAY, AVOID = "play", "avoid"
LOWEST, HIGHEST, LONGEST = "lowest", "highest", "longest suit"
SECRET_CHOICES = (LOWEST, HIGHEST, LONGEST, *SUITS)


@dataclass(frozen=True)
class Tactics:
    compare_at: int | None = None  # the attacker compares once his attack rating reaches this
    compare_after: int | None = None  # ... or once he has played this many cards
    retreat_after: int | None = None  # he retreats once he has played this many cards (not having compared)
    secret_card: str | None = None  # the defender's face-down card: SECRET_CHOICES
    escape_at: int | None = None  # the defender escapes once the attack rating reaches this
    escape_after: int | None = None  # ... or once the attacker has played this many cards
    face_cards: str | None = None  # PLAY | AVOID: Jacks, Queens, Kings (they tell a secret)
    aces: str | None = None  # PLAY | AVOID (an ace shows the attacker's intent, the defender's card)

    def describe(self) -> list[str]:
        """Each line as the confirmation lists it (and as the tactics block would write it)."""
        lines = []
        if self.compare_at is not None:
            lines.append(f"compare at {self.compare_at}")
        if self.compare_after is not None:
            lines.append(f"compare after {self.compare_after} cards")
        if self.retreat_after is not None:
            lines.append(f"retreat after {self.retreat_after} cards")
        if self.secret_card is not None:
            lines.append(f"face-down card: {self.secret_card}")
        if self.escape_at is not None:
            lines.append(f"escape at {self.escape_at}")
        if self.escape_after is not None:
            lines.append(f"escape after {self.escape_after} cards")
        if self.face_cards is not None:
            lines.append(f"face cards: {self.face_cards}")
        if self.aces is not None:
            lines.append(f"aces: {self.aces}")
        return lines

    def with_defaults(self, compare_at: int, secret_card: str, face_cards: str, aces: str) -> "Tactics":
        """These tactics with the campaign's defaults where nothing was written.  The default
        comparison applies only to tactics that say nothing of comparing or retreating."""
        silent = self.compare_at is None and self.compare_after is None and self.retreat_after is None
        return replace(self, compare_at=compare_at if silent else self.compare_at,
                       secret_card=self.secret_card or secret_card, face_cards=self.face_cards or face_cards,
                       aces=self.aces or aces)

"""The 52 playing cards of a social conflict (jokers removed), and what each is worth.

"The numbers count as face value if trump and 1 if not, face cards (Jack, Queen, King, Ace)
count 10 if trump and 2 if not."  The suits are the four areas (engarde.house.secrets.state.AREAS):
hearts for sexuality, diamonds for money, clubs for power, spades for force.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engarde.dice import Dice
from engarde.house.secrets.state import AREAS

SUITS = tuple(AREAS)  # hearts, diamonds, clubs, spades
JACK, QUEEN, KING, ACE = 11, 12, 13, 14
RANK_NAMES = {JACK: "Jack", QUEEN: "Queen", KING: "King", ACE: "Ace"}
_SHORT = {"j": JACK, "q": QUEEN, "k": KING, "a": ACE, "jack": JACK, "queen": QUEEN, "king": KING, "ace": ACE}


@dataclass(frozen=True, order=True)
class Card:
    rank: int  # 2..10, then Jack 11, Queen 12, King 13, Ace 14
    suit: str  # hearts | diamonds | clubs | spades

    @property
    def face(self) -> bool:
        """A face card of the rating: "face cards (Jack, Queen, King, Ace)"."""
        return self.rank >= JACK

    @property
    def tells_secret(self) -> bool:
        """"If you play a Jack, a Queen or a King (even if it's not trump), you expose a secret"."""
        return JACK <= self.rank <= KING

    @property
    def ace(self) -> bool:
        return self.rank == ACE

    def __str__(self) -> str:
        return f"{RANK_NAMES.get(self.rank, str(self.rank))} of {self.suit}"

    def worth(self, trump: str) -> int:
        """What the card adds to a rating, ``trump`` being its player's trump."""
        if self.suit == trump:
            return 10 if self.face else self.rank
        return 2 if self.face else 1


DECK = tuple(Card(rank, suit) for suit in SUITS for rank in range(2, ACE + 1))


def card(text: str) -> Card:
    """A card as written: "6 of hearts", "Queen of hearts", "QH", "10D"."""
    text = " ".join(text.lower().split())
    m = re.fullmatch(r"(?P<r>\d+|jack|queen|king|ace|[jqka])\s*(?:of\s+)?(?P<s>hearts|diamonds|clubs|spades|[hdcs])",
                     text)
    if m is None:
        raise ValueError(f"{text!r} is not a card")
    rank = _SHORT.get(m.group("r")) or int(m.group("r"))
    suit = next(s for s in SUITS if s.startswith(m.group("s")[0]))
    if not 2 <= rank <= ACE:
        raise ValueError(f"{text!r} is not a card")
    return Card(rank, suit)


def shuffled(dice: Dice, why: str) -> list[Card]:
    """The deck shuffled with the turn's dice (Fisher-Yates: one die of k sides for each place),
    so the same state and seed deal the same cards."""
    cards = list(DECK)
    for i in range(len(cards) - 1, 0, -1):
        j = dice.roll(1, f"{why}: shuffling the deck", sides=i + 1) - 1
        cards[i], cards[j] = cards[j], cards[i]
    return cards

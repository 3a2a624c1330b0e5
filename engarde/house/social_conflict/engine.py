"""The card play of one social conflict, as a pure function (social-conflict-cards.txt,
"The Basic Social Conflict"): the two sides' values and tactics and a deck in order in, the
conflict's record card by card out, with its result and the secrets it exposed.

Who knows what is the templates' business (the record keeps everything): the defender always
knows his face-down card and his defence; the attacker learns them when he turns the card over
(compares) or the defender plays an ace.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import SUITS, Card
from .tactics import AVOID, HIGHEST, LONGEST, LOWEST, Tactics

ATTACKER, DEFENDER = "attacker", "defender"
SECRET, PLAY, COMPARE, RETREAT, ESCAPE = "secret", "play", "compare", "retreat", "escape"
WON, LOST, RETREATED, ESCAPED = "won", "lost", "retreated", "escaped"
# what a card shows of its player
TELLS_SECRET, SHOWS_INTENT, SHOWS_CARD = "secret", "intent", "secret card"
HAND = 4  # "Every player has four cards in hand all the time"
LAST = 3  # "Only the 3 last openly played cards are added"


@dataclass(frozen=True)
class Move:
    side: str  # ATTACKER | DEFENDER
    act: str  # SECRET | PLAY | COMPARE | RETREAT | ESCAPE
    card: Card | None
    attack: int  # the attack rating after the move
    defence: int  # the defence rating after the move
    shows: str | None = None  # TELLS_SECRET, SHOWS_INTENT, SHOWS_CARD


@dataclass(frozen=True)
class Exposure:
    """A secret that slipped out: whose (ATTACKER | DEFENDER), in which area, and why (a face
    card, a lost comparison, an escape)."""

    side: str
    area: str
    why: str
    card: Card | None = None


@dataclass(frozen=True)
class Result:
    moves: tuple[Move, ...]
    end: str  # WON | LOST | RETREATED | ESCAPED
    attack: int
    defence: int
    secret: Card  # the defender's face-down card
    trump: str  # the defender's trump (its suit)
    exposures: tuple[Exposure, ...] = ()
    hands: dict[str, tuple[Card, ...]] = field(default_factory=dict)  # each side's first four cards

    @property
    def margin(self) -> int:
        """By how much the attack exceeded the defence (what a win raises)."""
        return self.attack - self.defence

    @property
    def intent_shown(self) -> bool:
        """The attacker played an ace: "you uncover your intent of attack"."""
        return any(m.shows == SHOWS_INTENT for m in self.moves)

    @property
    def card_shown(self) -> bool:
        """The defender's face-down card is known to the attacker: turned over, or an ace."""
        return self.end in (WON, LOST) or any(m.shows == SHOWS_CARD for m in self.moves)


class DeckExhausted(ValueError):
    """The deck ran out (only a deck shorter than 52 cards, or a limit above the table's, can)."""


def rating(base: int, cards: list[Card], trump: str) -> int:
    """A rating: its base (the attacker's efficiency; the defender's face-down card) and the
    last three cards played openly, "face value if trump and 1 if not, face cards ... 10 if
    trump and 2 if not"."""
    return base + sum(c.worth(trump) for c in cards[-LAST:])


def secret_worth(card: Card, floor: int) -> int:
    """The face-down card is of the defender's trump (its suit is the trump), and "The value of
    this card is at least the value of the attacked character's base value in the target area"."""
    return max(card.worth(card.suit), floor)


def choose_secret(hand: list[Card], how: str) -> Card:
    """The defender's face-down card: the lowest (the text's advice: the floor lifts it), the
    highest, the highest of his longest suit, or the highest of a named suit (else the lowest)."""
    if how == LOWEST:
        return min(hand, key=lambda c: (c.rank, SUITS.index(c.suit)))
    if how == HIGHEST:
        return max(hand, key=lambda c: (c.rank, -SUITS.index(c.suit)))
    if how == LONGEST:
        suit = max(SUITS, key=lambda s: (sum(c.suit == s for c in hand), -SUITS.index(s)))
    else:
        suit = how
    of_suit = [c for c in hand if c.suit == suit]
    if not of_suit:
        return choose_secret(hand, LOWEST)
    return max(of_suit, key=lambda c: c.rank)


def choose_card(hand: list[Card], trump: str, tactics: Tactics) -> Card:
    """The card he plays openly: the one worth most to his rating (equal worth: the higher),
    leaving out face cards and aces his tactics avoid, unless he holds nothing else ("If
    nothing else comes to your character's mind (you only have face cards in your hand),
    sometimes you have to uncover a secret")."""
    allowed = [c for c in hand
               if not (c.tells_secret and tactics.face_cards == AVOID) and not (c.ace and tactics.aces == AVOID)]
    return max(allowed or hand, key=lambda c: (c.worth(trump), c.rank, -SUITS.index(c.suit)))


def _draw(hand: list[Card], deck: list[Card]) -> None:
    """"if there are less, they have to be replenished from the deck at once"."""
    while len(hand) < HAND:
        if not deck:
            raise DeckExhausted("the deck ran out")
        hand.append(deck.pop(0))


def play(efficiency: int, floor: int, attack_area: str, attacker: Tactics, defender: Tactics,
         deck: list[Card], most_cards: int) -> Result:
    """One conflict played out.  ``efficiency``: the attacker's in the attacking area; ``floor``:
    the defender's base value in the target area; ``attack_area`` a suit (the attacker's trump);
    tactics with their defaults filled in; ``deck`` top card first (dealt four to the attacker,
    then four to the defender); ``most_cards``: the attacker compares once he has played this
    many cards (a mail game must end)."""
    deck = list(deck)
    a_hand, d_hand = deck[:HAND], deck[HAND:2 * HAND]
    deck = deck[2 * HAND:]
    hands = {ATTACKER: tuple(a_hand), DEFENDER: tuple(d_hand)}
    a_open: list[Card] = []
    d_open: list[Card] = []
    moves: list[Move] = []
    exposures: list[Exposure] = []

    # 1. "The attacker's efficiency of the attacking area is added to the attack rating."
    # 2. "The attacked player has to play a card secretly ... The suit of this card will serve
    #    as the defender's trump"
    secret = choose_secret(d_hand, defender.secret_card or LOWEST)
    d_hand.remove(secret)
    _draw(d_hand, deck)
    trump = secret.suit

    def attack() -> int:
        return rating(efficiency, a_open, attack_area)

    def defence() -> int:
        return rating(secret_worth(secret, floor), d_open, trump)

    moves.append(Move(DEFENDER, SECRET, secret, attack(), defence()))

    def open_card(side: str, hand: list[Card], played: list[Card], trump_of: str, tactics: Tactics) -> None:
        c = choose_card(hand, trump_of, tactics)
        hand.remove(c)
        played.append(c)
        _draw(hand, deck)
        shows = None
        if c.tells_secret:
            shows = TELLS_SECRET
            exposures.append(Exposure(side, c.suit, "face card", c))
        elif c.ace:
            shows = SHOWS_INTENT if side == ATTACKER else SHOWS_CARD
        moves.append(Move(side, PLAY, c, attack(), defence(), shows))

    while True:
        # 3. the attacker: compare, retreat, or an ordinary turn
        n = len(a_open)
        if ((attacker.compare_at is not None and attack() >= attacker.compare_at)
                or (attacker.compare_after is not None and n >= attacker.compare_after) or n >= most_cards):
            won = attack() > defence()  # "If the defense rating isn't exceeded ... didn't succeed"
            moves.append(Move(ATTACKER, COMPARE, None, attack(), defence()))
            if not won:
                exposures.append(Exposure(ATTACKER, attack_area, "compare"))
            end = WON if won else LOST
            break
        if attacker.retreat_after is not None and n >= attacker.retreat_after:
            moves.append(Move(ATTACKER, RETREAT, None, attack(), defence()))
            end = RETREATED
            break
        open_card(ATTACKER, a_hand, a_open, attack_area, attacker)
        # 4. the defender: escape, or play on
        if ((defender.escape_at is not None and attack() >= defender.escape_at)
                or (defender.escape_after is not None and len(a_open) >= defender.escape_after)):
            moves.append(Move(DEFENDER, ESCAPE, None, attack(), defence()))
            exposures.append(Exposure(DEFENDER, trump, "escape"))
            end = ESCAPED
            break
        open_card(DEFENDER, d_hand, d_open, trump, defender)
    return Result(tuple(moves), end, attack(), defence(), secret, trump, tuple(exposures), hands)

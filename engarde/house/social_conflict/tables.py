"""The social conflict's numbers (social-conflict-cards.txt), and the choices the text leaves to
the game it is played in, each one a campaign may change in campaigns.toml
(``[campaigns.ID.tables.social_conflict]``; the settings under ``[campaigns.ID.rules]``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from engarde.tables import value

from .tactics import AVOID, PLAY, SECRET_CHOICES

# "The distances are: attacking area -> target area: distance" (by suit: hearts is sexuality,
# diamonds money, clubs power, spades force).
DISTANCES = {
    "hearts-clubs": 3, "hearts-diamonds": 7, "hearts-spades": 8,
    "diamonds-hearts": 3, "diamonds-clubs": 6, "diamonds-spades": 9,
    "clubs-diamonds": 3, "clubs-hearts": 5, "clubs-spades": 10,
    "spades-clubs": 3, "spades-diamonds": 6, "spades-hearts": 9,
}

# What a secret that slips out says, by its area (not in the text: a mail game must print
# something; the example's "Jessica misses to have a man on her side" is the first of hearts).
SECRET_TEXTS = {
    "hearts": ("longs to have someone at his side", "still pines for a lady who spurned him",
               "writes verses he would die rather than have read"),
    "diamonds": ("is far poorer than he lets it seem", "owes his tailor more than he can pay",
                 "has been borrowing against his expectations"),
    "clubs": ("fears he will never rise above his station", "envies his own patron",
              "would sell his vote for a better post"),
    "spades": ("is afraid of the dark streets at night", "has not fenced in earnest for a year",
               "was thrashed by a carter and never told"),
}

# The values of the secrets a conflict exposes (not in the text): a Jack's, a Queen's, a
# King's, and those a lost comparison and an escape give away.
SECRET_VALUES = {"jack": 2, "queen": 3, "king": 4, "compare": 3, "escape": 3}


@dataclass(frozen=True)
class SocialConflictTables:
    distances: Mapping[str, int] = value(
        DISTANCES, note="attacking area-target area: the base value of the attacking area an attack needs")
    same_area_distance: int = value(
        0, low=0, high=20, note="not in the text (it lists none): the base value an attack on the attacking area "
                                "itself needs")
    conflict_areas: str = value(
        "sheet", choices=("sheet", "rolled"), setting=True,
        note='where a man\'s four areas come from, the first month he is in the campaign: "sheet" (beauty, '
             "charm and luck rolled on a d10; wealth from his crowns; power from his Social Level; physique "
             'from Strength, wildness from Expertise) or "rolled" (every base value and efficiency on a d10)')
    crowns_per_wealth: int = value(100, low=1, high=100_000,
                                   note="not in the text: wealth is 1 + his crowns / this (at most 10)")
    highest_start: int = value(10, low=1, high=100, note="not in the text: the most a starting value may be")
    default_compare_at: int = value(
        15, low=0, high=200, note="not in the text: the attacker who wrote no comparison compares once his attack "
                                  "rating reaches this")
    default_secret_card: str = value(
        "lowest", choices=SECRET_CHOICES, note='the face-down card of a defender who wrote none ("it can be wise '
                                               'strategically to play a low card")')
    default_face_cards: str = value(AVOID, choices=(PLAY, AVOID),
                                    note="whether a man who wrote nothing plays Jacks, Queens and Kings")
    default_aces: str = value(AVOID, choices=(PLAY, AVOID), note="whether a man who wrote nothing plays aces")
    most_cards: int = value(8, low=1, high=20, note="not in the text: the attacker compares once he has played "
                                                    "this many cards (a conflict by mail must end)")
    secret_values: Mapping[str, int] = value(
        SECRET_VALUES, note="not in the text: the value of a secret told by a Jack, Queen, King, a lost "
                            "comparison, an escape")
    secret_texts: Mapping[str, tuple[str, ...]] = value(
        SECRET_TEXTS, note="not in the text: what a secret that slips out says, by area (taken in turn)")
    conflict_at_lodgings: bool = value(
        True, setting=True, note="not in the text: a man attacked who was nowhere else that week is found at his "
                                 "lodgings (false: he cannot be found)")
    conflict_public: bool = value(
        True, setting=True, note="not in the text: a conflict that ends in a comparison (the attacker acts "
                                 "unambiguously) is told in the gazette; the cards are always private")
    promise_months: int = value(
        1, low=0, high=24, note="not in the text: a promise to withdraw from courting binds the rest of the month "
                                "and this many months more")


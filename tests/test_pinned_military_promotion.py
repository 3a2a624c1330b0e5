"""A promotion on campaign, line by line (mutation testing: docs/rules-coverage.md, "Mutation testing"):
every path of ``promote`` with the whole ``Promotion`` record it makes."""

from __future__ import annotations

from engarde.rules.military import rules as mil
from engarde.rules.military.rules import Promotion
from engarde.rules.military.tables import MilitaryTables

T = MilitaryTables()
MIN_SL_FOOT_GUARDS = {"Subaltern": 8, "Captain": 9, "Major": 10, "Lieutenant-Colonel": 11, "Colonel": 12}


def min_sl(rank):
    return MIN_SL_FOOT_GUARDS.get(rank)


def test_promotion_and_brevet_rank_line_by_line():
    """i. Promotion and Brevet Rank: "a Subaltern in the Foot Guards with a Social Level of 8 is promoted.
    The next highest rank is Captain, but in the Foot Guards this rank requires a Social Level of 9.
    Consequently, our Subaltern would be promoted to brevet Captain."  "Should such a player receive a
    promotion on campaign, he instead converts his present brevet rank to his permanent rank".  "If, while
    serving as a brevet general officer, a player receives a promotion, his brevet rank becomes his new
    permanent rank and he assumes the brevet rank of the next higher general officer rank."  "No player may
    ever attain the permanent rank of Field Marshal."  "If a character is promoted while on campaign but
    there is no vacancy in the Regiment for the new rank, he is instead mentioned in despatches."

    Each case's whole record (kind, permanent rank, brevet, its kind, the rank he rose to): a Subaltern at
    exactly Captain's minimum (9) promoted, one short (8) brevetted; a man of no rank made a Private (no
    minimum); the opening asked of the new rank (a Captain into a Major's opening only) and its Social
    Level read for the new rank (a Captain of SL 9 below a Major's 10: brevet); no opening: a mention, his
    ranks unchanged; a brevet Lieutenant-Colonel for want of Social Level confirmed; a Colonel brevetted
    Brigadier-General with no opening asked; a brevet Brigadier-General promoted again (permanent
    Brigadier-General, brevet Lieutenant-General); a brevet Field Marshal promoted: a mention, never a
    permanent Field Marshal; the top of the ladder (a Field Marshal, were one ever permanent): a mention;
    a ladder a GM ends at General: a brevet General promoted is mentioned."""
    def opening(of):
        return lambda rank: rank == of

    cases = [
        (("Subaltern", None, False, 9, opening("Captain")), Promotion(mil.PROMOTED, "Captain", None, False, "Captain")),
        (("Subaltern", None, False, 8, opening("Captain")),
         Promotion(mil.BREVET_SL, "Subaltern", "Captain", True, "Captain")),
        ((None, None, False, 0, opening("Private")), Promotion(mil.PROMOTED, "Private", None, False, "Private")),
        (("Captain", None, False, 12, opening("Major")), Promotion(mil.PROMOTED, "Major", None, False, "Major")),
        (("Captain", None, False, 9, opening("Major")), Promotion(mil.BREVET_SL, "Captain", "Major", True, "Major")),
        (("Captain", None, False, 12, opening("Captain")), Promotion(mil.MENTION_INSTEAD, "Captain", None, False)),
        (("Major", "Lieutenant-Colonel", True, 10, opening(None)),
         Promotion(mil.BREVET_CONFIRMED, "Lieutenant-Colonel", None, False, "Lieutenant-Colonel")),
        (("Colonel", None, False, 12, opening(None)),
         Promotion(mil.BREVET_GENERAL, "Colonel", "Brigadier-General", False, "Brigadier-General")),
        (("Colonel", "Brigadier-General", False, 12, opening(None)),
         Promotion(mil.BREVET_GENERAL, "Brigadier-General", "Lieutenant-General", False, "Lieutenant-General")),
        (("General", "Field Marshal", False, 14, opening(None)),
         Promotion(mil.MENTION_INSTEAD, "General", "Field Marshal", False)),
        (("Field Marshal", None, False, 14, opening(None)),
         Promotion(mil.MENTION_INSTEAD, "Field Marshal", None, False)),
    ]
    for (rank, brevet, for_sl, sl, has_vacancy), expected in cases:
        assert mil.promote(T, rank, brevet, for_sl, sl, min_sl, has_vacancy) == expected, (rank, brevet, sl)
    no_marshal = MilitaryTables(promotion_ladder=T.promotion_ladder[:-1])
    assert mil.promote(no_marshal, "Lieutenant-General", "General", False, 14, min_sl, opening(None)) == Promotion(
        mil.MENTION_INSTEAD, "Lieutenant-General", "General", False)

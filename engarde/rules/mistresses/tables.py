"""d. Mistresses: the Mistress Courting Table and Influence Table C.

The rulebook's numbers as data, named as the book names them; a campaign overrides them
in ``[campaigns.ID.tables.mistresses]``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...tables import rows, value

# Her attributes, each rolled on one die (the fields of ``state.Mistress``: not a number).
MISTRESS_ATTRIBUTES = ("beautiful", "influential", "wealthy")


@dataclass(frozen=True)
class CourtingRow:
    """A row of the Mistress Courting Table: from this difference in Social Level (his
    minus hers) up to the next row's, the die roll needed or higher."""

    low: int = field(metadata={"low": -30, "high": 30, "note": "the lowest difference of the row (his SL minus "
                                                              "hers); the lowest row also serves below it"})
    needed: int = field(metadata={"low": 1, "high": 7, "note": "die roll needed or higher on one die (7: never)"})


@dataclass(frozen=True)
class MistressInfluence:
    """A row of Influence Table C: Influence of Mistress, by her Social Level."""

    social_level: int
    normal: int = field(metadata={"low": 0, "high": 9, "note": 'the class of her yearly favour ("Normal '
                                                             'influence"; 0: the table\'s "-", none)'})
    influential: int = field(metadata={"low": 0, "high": 9, "note": 'the class of her second yearly favour '
                                                                  '("Additionally, if Influential"; 0: none)'})


# Period names for mistresses rolled at campaign start (the GM can rename them); number 4
# is Roxanne, as in the rulebook's sample month ("Court mistress number 4 (Roxanne)").
_NAMES = (
    "Ninon", "Marion", "Angélique", "Roxanne", "Madeleine", "Isabelle", "Françoise", "Henriette",
    "Geneviève", "Marguerite", "Louise", "Hélène", "Diane", "Gabrielle", "Charlotte", "Catherine",
    "Antoinette", "Julie", "Olympe", "Athénaïs", "Cécile", "Éléonore", "Sidonie", "Victoire",
)


@dataclass(frozen=True)
class MistressesTables:
    # -- rolling her at campaign start
    mistress_sl_dice: int = value(3, low=1, high=6, note='"Roll three dice to find each mistress\'s Social Level"')
    mistress_attribute_on: int = value(2, low=0, high=6, note='"then roll one die for each attribute for each '
                                       'mistress. On a roll of one or two, that mistress has that attribute." '
                                       '(this roll or lower; 0: never)')
    mistress_names: tuple[str, ...] = value(_NAMES, note="the names given, in order, to the mistresses rolled at "
                                            "campaign start (engarde's: the book leaves it to the GM)")
    # -- courting
    courting_cost_multiplier: int = value(3, high=100, note='"this costs money: three times the mistress\'s Social '
                                          'Level per week"')
    extra_payment_multiplier: int = value(3, low=1, high=100, note='"For each additional amount equal to three times '
                                          'the fair damsel\'s Social Level the character pays, he may add one to '
                                          'his die roll"')
    extra_payment_bonus: int = value(1, high=6, note='"he may add one to his die roll" for each extra payment')
    courting_always_fails: int = value(1, low=0, high=6, note='"on a roll of 1, regardless of modifiers, the '
                                       'mistress rejects the character" (this roll or lower; 0: never)')
    anothers_mistress_modifier: int = value(-1, low=-6, high=6, note='"A player may court the mistress of another '
                                            'player, but he has an automatic die roll modifier of -1"')
    indiscretion_on: int = value(6, low=1, high=7, note='"On a roll of 6, he has committed an indiscretion and his '
                                 'present mistress throws him out on his ear" (this roll or higher; 7: never)')
    withdrawal_status_per_level: int = value(1, high=100, note='"If a character withdraws in favour of a character '
                                             'of a lower Social Level than himself, he loses Status Points equal to '
                                             'the difference in Social Levels between them"')
    mistress_courting_table: tuple[CourtingRow, ...] = rows(
        CourtingRow(3, 2), CourtingRow(0, 3), CourtingRow(-3, 4), CourtingRow(-5, 5), CourtingRow(-6, 6),
        key="low", note='Mistress Courting Table: "-6: 6; -5, -4: 5; -3, -2, -1: 4; 0, +1, +2: 3; +3 or more: 2" '
                        "(engarde: below -6 reads the -6 row)")
    # -- keeping her
    mistress_support_multiplier: int = value(3, high=100, note='"he must pay crowns equal to three times her Social '
                                             'Level once per month for her support"')
    wealthy_gifts_multiplier: int = value(2, high=100, note='"she will pay him crowns equal to twice the difference '
                                          'in their Social Levels (little gifts and what not) if hers is higher"')
    mistress_status: int = value(1, high=100, note='"A character receives one Status Point per month for having a '
                                 'mistress"')
    higher_mistress_status_per_level: int = value(1, high=100, note='"If his mistress is of a higher Social Level '
                                                  'than he is, a character receives additional Status Points equal '
                                                  'to the difference"')
    beautiful_status: int = value(1, high=100, note='"Beautiful mistresses give an additional Status Point"')
    mistress_refreshment_per_sl: int = value(1, high=10, note='"Naturally, the character is expected to purchase her '
                                             'liquid refreshment": crowns equal to her Social Level (engarde\'s '
                                             'choice, as "Liquid refreshment costs Crowns equal in number to the '
                                             'Social Level")')
    # -- her favours
    influence_table_c: tuple[MistressInfluence, ...] = rows(
        MistressInfluence(18, 9, 9), MistressInfluence(17, 8, 9), MistressInfluence(16, 7, 8),
        MistressInfluence(15, 6, 7), MistressInfluence(14, 6, 6), MistressInfluence(13, 5, 5),
        MistressInfluence(12, 4, 5), MistressInfluence(11, 4, 4), MistressInfluence(10, 3, 4),
        MistressInfluence(9, 2, 3), MistressInfluence(8, 1, 3), MistressInfluence(7, 0, 2),
        MistressInfluence(6, 0, 1), MistressInfluence(5, 0, 1), MistressInfluence(4, 0, 1),
        MistressInfluence(3, 0, 1),
        key="social_level", note="Influence Table C: Influence of Mistress (a Social Level above the table reads "
                                 "its top row; below it, none)")
    mistress_favours_every_months: int = value(12, low=1, high=120, note='"Mistresses give their lovers one favour '
                                               'a year"')

    def courting_roll_needed(self, difference: int) -> int:
        """Mistress Courting Table: the die roll needed (or higher) at this SL difference."""
        table = sorted(self.mistress_courting_table, key=lambda row: row.low, reverse=True)
        for row in table:
            if difference >= row.low:
                return row.needed
        return table[-1].needed  # "-6: 6" also serves below -6

    def mistress_favours(self, social_level: int, influential: bool) -> tuple[int, ...]:
        """The classes of the favours a mistress gives her lover once a year (Influence Table C).

        A Social Level above the table's reads its top row, below it gives nothing.
        """
        by_level = {row.social_level: row for row in self.influence_table_c}
        if social_level < min(by_level):
            return ()
        row = by_level.get(min(social_level, max(by_level)))
        if row is None:
            return ()
        return tuple(c for c in (row.normal, row.influential if influential else 0) if c)

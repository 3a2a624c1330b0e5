"""The military tables' own checks, line by line (mutation testing: docs/rules-coverage.md, "Mutation
testing"): what a campaign's override of the Campaign Outcome tables may not say, each refusal's whole
message."""

from __future__ import annotations

import pytest

from engarde.rules.military import rules as mil
from engarde.rules.military.tables import DRAGOON_BRIGADE, MilitaryTables
from engarde.tables import TablesError
from helpers import tables

T = MilitaryTables()


def test_the_tables_checks_line_by_line():
    """h./i. Campaign Outcome: "A character's effective military ability may not be reduced below 1 or
    increased above 10" (every MA from the least to the greatest is a row of the Battle Result Table); the
    Force Deployment Table's missions are the four of the Battle Results Table; "13 same as 11" names a row of the Force
    Organisation Table; the RNHB's battalion rank ("Officers of the rank of Major and above may always
    command Battalions") is a rank of the ladder.

    A mission misspelt; the row of the greatest MA missing; the least MA above the greatest; the least
    equal to the greatest (one row: allowed); a "same as" row there is none of; a rank off the ladder."""
    deployment = {**T.force_deployment_table, 3: {**T.force_deployment_table[3], DRAGOON_BRIGADE: "seige"}}
    rows = {ma: row for ma, row in T.battle_result_table.items() if ma != T.ma_max}
    refused = [
        (dict(force_deployment_table=deployment), 'tables.military.force_deployment_table.3."Dragoon Brigade": '
         "must be one of siege, assault, defence, field operations, not 'seige'"),
        (dict(battle_result_table=rows), "tables.military.ma_min, ma_max: 1 to 10 must be rows of the Battle "
                                         "Result Table"),
        (dict(ma_min=6, ma_max=5), "tables.military.ma_min, ma_max: 6 to 5 must be rows of the Battle Result "
                                   "Table"),
        (dict(force_organisation_same_as={13: 19}), "tables.military.force_organisation_same_as.13: 19 is not a "
                                                    "row of the Force Organisation Table"),
        (dict(rnhb_battalion_rank="Majr"), "tables.military.rnhb_battalion_rank: 'Majr' is not a rank of the "
                                           "promotion ladder"),
    ]
    for override, message in refused:
        with pytest.raises(TablesError) as error:
            MilitaryTables(**override)
        assert str(error.value) == message
    assert MilitaryTables(ma_min=5, ma_max=5).clamp_ma(9) == 5


def test_a_campaigns_modifiers_against_the_immediate_superior_line_by_line():
    """i. Campaign Outcome: "If a Commander obtains a battle result that is better than his immediate
    superior's, ... he receives a -1 table modification for mention in despatches and for promotion"; "If
    a Commander obtains a result 2 or more worse than his immediate superior, he receives a +1 modifier for
    mention in despatches and promotion" (the Personal Outcome Table Modifiers, a campaign's to change:
    `[tables.military] better_than_superior`, `worse_than_superior`, `worse_margin`).

    A campaign giving the better commander -1 for crowns too and the worse one +2 for crowns, worse from
    three results: each modifier carries every column, and its label (reported with the personal outcome)
    names the campaign's margin."""
    campaign = tables({"military": {"better_than_superior": {"mention": -1, "promotion": -1, "crowns": -1},
                                    "worse_than_superior": {"mention": 1, "promotion": 1, "crowns": 2},
                                    "worse_margin": 3}}).military

    def mods(own: int, superior: int, battalion: bool = False) -> list[tuple]:
        return [(m.label, m.death, m.mention, m.promotion, m.crowns)
                for m in mil.outcome_modifiers(campaign, own_result=own, superior_result=superior, battalion=battalion)]

    assert mods(2, 3) == [("better than his immediate superior", 0, -1, -1, -1)]
    assert mods(2, 3, battalion=True) == [("better than his immediate superior", 1, -1, -1, -1)]
    assert mods(6, 3) == [("three or more worse than his immediate superior", 0, 1, 1, 2)]
    assert mods(6, 3, battalion=True) == [("three or more worse than his immediate superior", -1, 1, 1, 2)]
    assert mods(5, 3) == []

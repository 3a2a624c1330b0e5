"""The military tables' own checks, line by line (mutation testing: docs/rules-coverage.md, "Mutation
testing"): what a campaign's override of the Campaign Outcome tables may not say, each refusal's whole
message."""

from __future__ import annotations

import pytest

from engarde.rules.military.tables import DRAGOON_BRIGADE, MilitaryTables
from engarde.tables import TablesError

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

"""engarde.json_columns: the database's JSON columns written by orjson read back as the standard
library's ``json`` read them, whatever the value (an integer beyond 64 bits exactly, a key that
is a number as a string), and text an older engarde wrote with ``json`` still reads."""

import json

from hypothesis import given
from hypothesis import strategies as st

from engarde import json_columns, ops, store
from engarde.config import load_one
from engarde.store import CampaignRow

_SCALAR = (st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
           | st.text(max_size=12))
_VALUES = st.recursive(
    _SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6) | st.integers(), inner, max_size=4),
    max_leaves=20)


@given(_VALUES)
def test_a_value_reads_back_as_json_reads_it(value):
    assert json_columns.loads(json_columns.dumps(value)) == json.loads(json.dumps(value))


@given(_VALUES)
def test_text_json_wrote_reads_as_json_reads_it(value):
    text = json.dumps(value)
    if any(len(word.strip("-[]{},: ")) > 18 for word in text.split()):
        return  # an integer beyond 64 bits written by json alone: json_columns says it reads as a float
    assert json_columns.loads(text) == json.loads(text)


def test_what_orjson_cannot_hold_is_written_by_json():
    big = {"crowns": 2 ** 70, "debts": [-(2 ** 64)]}
    text = json_columns.dumps(big)
    assert text.startswith(" ") and json.loads(text) == big
    assert json_columns.loads(text) == big and json_columns.loads(text.encode()) == big
    assert json_columns.loads("NaN") != json_columns.loads("NaN")  # json's NaN, as json reads it


def test_the_database_stores_and_reads_through_it(tmp_path):
    (tmp_path / "campaigns.toml").write_text('[campaigns.t]\nname = "T"\nfirst_month = "April 1607"\n')
    camp = load_one(tmp_path / "campaigns.toml", "t")
    ops.init(camp)
    world = {"note": "Ch\u00e2teau d\u2019If", "1": [1, 2], "huge": 2 ** 80}
    with store.transaction(camp.database) as s:
        s.get(CampaignRow, "t").world = world
    store.forget_engine(camp.database)
    with store.reading(camp.database) as s:
        assert s.get(CampaignRow, "t").world == world

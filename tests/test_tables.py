"""engarde.tables: a module's numbers, a campaign's overrides of them, each checked with the key named."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from fractions import Fraction

import pytest

from engarde.modules import RuleModule
from engarde.tables import Tables, TablesError, rows, value


@dataclass(frozen=True)
class Row:
    name: str
    dues: int
    limit: int | None = None


@dataclass(frozen=True)
class CellarTables:
    price: int = value(3, low=1, high=20, note="crowns a bottle")
    share: Fraction = value(Fraction(1, 2), low=0, high=1)
    vintage: str = value("claret", choices=("claret", "burgundy"))
    corked: bool = value(False)
    shifts: dict = value({"good": 1, "bad": -1}, low=-3, high=3)
    dice: tuple = value((2, 6))
    cellars: tuple = rows(Row("Old Vault", 10), Row("Hunter's Cellar", 20, limit=5))
    pour: str = value("half", choices=("half", "full"), setting=True, note="how much a glass holds")


CELLAR = RuleModule("cellar", "A cellar", house=True, tables=CellarTables)


def build(overrides=None, **settings) -> CellarTables:
    return Tables.build([CELLAR], {"cellar": overrides} if overrides else None, settings, "campaigns.toml: campaigns.t").cellar


def test_the_defaults_are_the_tables_values():
    t = build()
    assert (t.price, t.share, t.vintage, t.corked, t.dice, t.pour) == (3, Fraction(1, 2), "claret", False, (2, 6), "half")
    assert dict(t.shifts) == {"good": 1, "bad": -1} and t.cellars[1].limit == 5


def test_overrides_reach_every_kind_of_value():
    t = build({"price": 5, "share": 0.25, "vintage": "burgundy", "corked": True, "shifts": {"bad": -3},
               "dice": [1, 4], "cellars": {"hunter's cellar": {"dues": 25, "limit": 8}}}, pour="full")
    assert (t.price, t.share, t.vintage, t.corked, t.dice, t.pour) == (5, Fraction(1, 4), "burgundy", True, (1, 4), "full")
    assert dict(t.shifts) == {"good": 1, "bad": -3}
    assert t.cellars == (Row("Old Vault", 10), Row("Hunter's Cellar", 25, limit=8))


@pytest.mark.parametrize("overrides, settings, message", [
    ({"price": 0}, {}, "campaigns.toml: campaigns.t.tables.cellar.price: must be a whole number from 1 to 20, not 0"),
    ({"price": "3"}, {}, "tables.cellar.price: must be a whole number, not '3'"),
    ({"price": True}, {}, "tables.cellar.price: must be a whole number, not True"),
    ({"share": 2}, {}, "tables.cellar.share: must be a number from 0 to 1, not 2"),
    ({"vintage": "sack"}, {}, "tables.cellar.vintage: must be one of claret, burgundy, not 'sack'"),
    ({"corked": "yes"}, {}, "tables.cellar.corked: must be true or false, not 'yes'"),
    ({"shifts": {"bad": -4}}, {}, "tables.cellar.shifts.bad: must be a whole number from -3 to 3, not -4"),
    ({"shifts": {"awful": 1}}, {}, "tables.cellar.shifts.awful: no such key (keys: good, bad)"),
    ({"dice": [1, 2, 3]}, {}, "tables.cellar.dice: must be a list of 2 values, like [2, 6]"),
    ({"cellars": {"Crypt": {"dues": 1}}}, {}, "tables.cellar.cellars.Crypt: no such row (rows: Old Vault, Hunter's Cellar)"),
    ({"cellars": {"Old Vault": {"rent": 1}}}, {}, '.cellars."Old Vault".rent: unknown (known: dues, limit, name)'),
    ({"cellars": {"Old Vault": {"limit": "none"}}}, {}, '.cellars."Old Vault".limit: must be a whole number'),
    ({"bottles": 3}, {}, "tables.cellar.bottles: unknown (known: cellars, corked, dice, pour, price, share, shifts, vintage)"),
    (None, {"pour": "brim"}, "campaigns.toml: campaigns.t.rules.pour: must be one of half, full, not 'brim'"),
    (None, {"glass": "full"}, "campaigns.toml: campaigns.t.rules.glass: unknown rule setting (known: pour)"),
])
def test_a_mistake_names_its_key(overrides, settings, message):
    with pytest.raises(TablesError) as caught:
        build(overrides, **settings)
    assert message in str(caught.value)


def test_an_unknown_module_is_named():
    with pytest.raises(TablesError, match=r"campaigns.t.tables.celler: no module of this campaign called 'celler' "
                                          r"has tables \(known: cellar\)"):
        Tables.build([CELLAR], {"celler": {"price": 1}}, None, "campaigns.toml: campaigns.t")


def test_tables_cannot_be_changed_by_a_rule():
    t = build()
    with pytest.raises(FrozenInstanceError):
        t.price = 4  # type: ignore[misc]
    with pytest.raises(TypeError):
        t.shifts["good"] = 3  # type: ignore[index]


def test_flatten_lists_every_value_with_its_default():
    flat = {v.path: v for v in Tables.build([CELLAR], {"cellar": {"cellars": {"Old Vault": {"dues": 12}}}}).flatten()}
    assert flat["cellar.price"].value == 3 and not flat["cellar.price"].overridden
    assert flat["cellar.price"].note == "crowns a bottle"
    vault = flat['cellar.cellars."Old Vault".dues']
    assert (vault.value, vault.default, vault.overridden) == (12, 10, True)
    assert flat["cellar.pour"].setting and not flat["cellar.price"].setting

"""The game calendar and the dice."""

import pytest

from engarde.calendar import CalendarError, GameMonth
from engarde.dice import DiceExhausted, ScriptedDice, SeededDice, month_seed


def test_months_seasons_years():
    """Four weeks make a game month, three months make a season and four seasons make a
    year. ... The summer season begins in June, the fall or autumn season in September,
    winter in December and spring in March."""
    assert GameMonth(1607, 6).season == "summer" and GameMonth(1607, 6).is_campaign_season
    assert GameMonth(1607, 9).season == "autumn"
    assert GameMonth(1607, 12).season == "winter" and GameMonth(1608, 2).season == "winter"
    assert GameMonth(1607, 3).season == "spring"
    assert not GameMonth(1607, 4).is_campaign_season
    assert GameMonth(1607, 12).next() == GameMonth(1608, 1)
    assert GameMonth(1608, 1).previous() == GameMonth(1607, 12)


@pytest.mark.parametrize("text", ["April 1607", "apr 1607", "1607-04", "1607-4", "  April, 1607 "])
def test_parse_month(text):
    assert GameMonth.parse(text) == GameMonth(1607, 4)


@pytest.mark.parametrize("text", ["", "Smarch 1607", "1607-13", "April"])
def test_parse_month_rejects(text):
    with pytest.raises(CalendarError):
        GameMonth.parse(text)


def test_seeded_dice_repeat_and_log():
    a, b = SeededDice(month_seed("s", "1607-04")), SeededDice(month_seed("s", "1607-04"))
    rolls_a = [a.roll(3, "test") for _ in range(20)]
    assert rolls_a == [b.roll(3, "test") for _ in range(20)]
    assert all(3 <= r <= 18 for r in rolls_a)
    assert a.log[0].reason == "test" and len(a.log[0].values) == 3
    c = SeededDice(month_seed("s", "1607-05"))
    assert [c.roll(3, "test") for _ in range(20)] != rolls_a


def test_scripted_dice_fail_loudly():
    d = ScriptedDice([6])
    assert d.d6("one") == 6
    with pytest.raises(DiceExhausted, match="two"):
        d.d6("two")
    with pytest.raises(ValueError):
        ScriptedDice([7]).d6("a d6 cannot show 7")

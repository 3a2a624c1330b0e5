"""The gazette's and the reports' pictures, drawn by leather as SVG and embedded inline, so the
HTML and WeasyPrint's PDF show the same drawing.

leather was chosen by measuring it against matplotlib and pygal (a 12-month line, CPU time on the
2-core machine): leather imports in 27 ms and draws one in 2.1 ms (2.9 kB of SVG), pygal 53 ms and
5.5 ms (19.8 kB, and WeasyPrint ignores part of its CSS), matplotlib 530 ms and 49 ms (13 kB).
A report draws one chart, so at 10,000 characters only leather stays within a few milliseconds a
report; identical histories (a young campaign's) are drawn once (``functools.lru_cache``).

``social_level_chart(history)``: one man's social level over the months, ``history`` a list of
``(label, social level)`` in order.  ``greasy_pole_chart(rows)``: the month's largest rises and
falls, ``rows`` the ``(name, change)`` of the month.  Each returns ``Markup`` (an ``<svg>``
element, with a title for screen readers), or an empty ``Markup`` when there is nothing to draw.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from decimal import Decimal
from types import SimpleNamespace

import leather
from markupsafe import Markup

# The paper's ink and type (base.html.j2), not leather's defaults.
INK = "#231a10"
RULE = "#cbbd9f"
FAINT = "#7a6448"
RISE = "#2f5d3a"
FALL = "#8b2a1e"
FONT = "DejaVu Serif, Georgia, serif"

# How many rises and how many falls the Greasy Pole draws: more than this reads as a list.
POLE_EACH = 8

_THEME = {
    "background_color": "none",
    "margin": 0.015,  # a share of the width (leather 0.4.1 fails on a whole number)
    "title_font_family": FONT, "legend_font_family": FONT,
    "axis_title_font_family": FONT, "tick_font_family": FONT,
    "tick_font_size": 12, "tick_font_char_height": 12, "tick_font_char_width": 7,
    "tick_color": RULE, "zero_color": FAINT, "label_color": FAINT,
    "default_line_width": 2, "default_dot_radius": 3,
}
for _key, _value in _THEME.items():
    setattr(leather.theme, _key, _value)


class _Scale(leather.Linear):
    """A linear scale over exactly ``low``..``high`` with the ticks we choose: leather's own
    searches for "nice" ticks, nine tenths of a chart's time, and we pass ours anyway.  (It
    reads ``_ticker.min``, ``.max`` and ``.ticks``: leather 0.4's scale, pinned in pyproject.)"""

    def __init__(self, low: float, high: float, ticks: Sequence[int]) -> None:
        self._data_min, self._data_max = Decimal(str(low)), Decimal(str(high))
        self._ticker = SimpleNamespace(min=self._data_min, max=self._data_max, ticks=list(ticks))


def _svg(chart: leather.Chart, width: int, height: int, title: str, css_class: str) -> Markup:
    """The chart as one ``<svg>`` that scales to its box (a viewBox, no fixed size), titled."""
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {width} {height}",
                              "class": f"chart {css_class}", "role": "img", "aria-label": title})
    ET.SubElement(root, "title").text = title
    root.append(chart.to_svg_group(width, height))
    return Markup(ET.tostring(root, encoding="unicode"))


def _ticks(count: int, most: int = 5) -> list[int]:
    """At most ``most`` evenly spaced indexes of ``count`` points, the last included."""
    step = max(1, -(-(count - 1) // (most - 1)))
    # counted back from the last: the latest month always has its label
    return list(range(count - 1, -1, -step))[::-1]


def social_level_chart(history: Sequence[tuple[str, int]]) -> Markup:
    """A line of one man's social level, a point a month; nothing for fewer than two points."""
    return _social_level_chart(tuple((str(label), int(level)) for label, level in history))


@functools.lru_cache(maxsize=4096)
def _social_level_chart(history: tuple[tuple[str, int], ...]) -> Markup:
    if len(history) < 2:
        return Markup("")
    labels = [label for label, _ in history]
    levels = [level for _, level in history]
    low, high = min(levels), max(levels)
    low, high = max(0, low - 1), high + 1
    chart = leather.Chart()
    # inset by half a month at the left and a month at the right: the labels stay inside the frame
    chart.set_x_scale(_Scale(-0.5, len(history), _ticks(len(history))))
    chart.set_y_scale(_Scale(low, high, _level_ticks(low, high)))
    chart.add_x_axis(tick_formatter=lambda i, _index, _count: labels[int(i)])
    chart.add_y_axis(tick_formatter=lambda v, _index, _count: str(int(v)))
    chart.add_line(list(enumerate(levels)), stroke_color=INK)  # one series: leather draws no legend
    title = "Social level by month: " + ", ".join(f"{label} {level}" for label, level in history)
    return _svg(chart, 420, 150, title, "social-level")


def _level_ticks(low: int, high: int) -> list[int]:
    """Whole social levels, at most six of them, from ``low`` to ``high``."""
    step = max(1, -(-(high - low) // 5))
    return list(range(low, high + 1, step))


def pole_rows(rows: Iterable[tuple[str, int]], each: int = POLE_EACH) -> list[tuple[str, int]]:
    """The largest ``each`` rises and ``each`` falls (no change is neither), rises first, each
    side largest first and then by name."""
    moved = [(name, change) for name, change in rows if change]
    rises = sorted((r for r in moved if r[1] > 0), key=lambda r: (-r[1], r[0]))[:each]
    falls = sorted((r for r in moved if r[1] < 0), key=lambda r: (r[1], r[0]))[:each]
    return rises + falls[::-1]


def greasy_pole_chart(rows: Iterable[tuple[str, int]], each: int = POLE_EACH) -> Markup:
    """Horizontal bars of the month's largest rises and falls of social level; nothing when
    nobody rose or fell."""
    shown = pole_rows(rows, each)
    if not shown:
        return Markup("")
    data = [(change, name) for name, change in shown]  # the first on top
    largest = max(abs(change) for _, change in shown)
    chart = leather.Chart()
    step = max(1, -(-largest // 3))
    ticks = sorted({0, *range(step, largest + 1, step), *range(-step, -largest - 1, -step)})
    chart.set_x_scale(_Scale(-largest, largest, ticks))
    chart.add_x_axis(tick_formatter=lambda v, _index, _count: f"{int(v):+d}" if v else "0")
    chart.add_bars(data, fill_color=lambda d: RISE if d.x > 0 else FALL)
    title = "The Greasy Pole: " + "; ".join(f"{name} {change:+d}" for name, change in shown)
    return _svg(chart, 420, 44 + 18 * len(shown), title, "greasy-pole")

"""How a toast is written: "Toast Porthos", "raise toasts to the King"."""

from __future__ import annotations

import re

from engarde.grammar import Reading, verb

from .orders import Toast


def _build(m: re.Match[str], r: Reading) -> Toast:
    return Toast(" ".join(m.group("whom").split()).rstrip("."))


TOAST = verb("toast", r"(?:raise\s+)?toasts?\s+(?:to\s+)?(?P<whom>\S.*)", _build, ("toast",), after="rest")

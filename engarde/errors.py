"""The errors the GM's operations raise for him to read (the CLI prints them, one line each)."""

from __future__ import annotations


class CampaignError(RuntimeError):
    """An operation the campaign's state does not allow, with a printable reason."""

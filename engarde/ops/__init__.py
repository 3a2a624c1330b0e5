"""The GM's operations on one campaign: the library the CLI is a thin layer over.

Split by concern: ``setup`` (a campaign and its characters), ``intake`` (order mail in;
whether a sheet counts is ``acceptance``, pure; what its sheets may name is ``names``), ``turns`` (the month resolved and
undone), ``publishing`` (the gazette and the reports), ``views`` (what the GM looks
at) and ``routine`` (the GM's routine at the deadline: the others, in order).  Every database query is in ``engarde.queries``.  Each operation opens its own
transaction, so a failure leaves the campaign as it was.  Errors the GM must see are
raised as ``CampaignError`` with a message fit to print; problems in players' input are
returned as error records.  The modules' own operations (a mistress renamed, a colonel's
answer) are with their GM commands (``engarde.rules.MODULE.commands``).
"""

from __future__ import annotations

from ..errors import CampaignError
from ..store import ACCEPTED, ACTIVE, DUPLICATE, HELD, REJECTED, SKIPPED, SUPERSEDED
from .intake import (
    IngestResult,
    StoredSheet,
    confirmation_text,
    ingest,
    ingest_imap,
    ingest_messages,
    missing_orders,
    month_deadline,
    month_sheets,
    stored_sheets,
)
from . import backup, database
from .names import known_in, known_names
from .newcampaign import begin as begin_campaign
from .publishing import publish
from .setup import NewCharacter, add_character, init, reset, set_email, set_password
from .turns import TurnReport, Undone, not_kept_world, refuse_mass_nmr, resolved_months, run_turn, undo_turn, undone_world
from .views import (
    AuditFinding,
    SheetView,
    Status,
    audit,
    characters_at_end_of,
    current_month,
    list_characters,
    month_events,
    month_ledger,
    pending_requests,
    sheet,
    status,
    without_password,
)
from .welcome import welcome_text

__all__ = [
    "backup", "database", "ACCEPTED", "ACTIVE", "DUPLICATE", "HELD", "REJECTED", "SKIPPED", "SUPERSEDED",
    "AuditFinding", "CampaignError", "IngestResult", "NewCharacter", "SheetView", "Status", "StoredSheet",
    "TurnReport", "add_character", "audit", "begin_campaign", "characters_at_end_of", "confirmation_text", "current_month", "ingest",
    "ingest_imap", "ingest_messages", "init", "known_in", "known_names", "list_characters", "missing_orders", "month_deadline", "month_events",
    "month_ledger", "month_sheets", "pending_requests", "publish", "refuse_mass_nmr", "reset", "resolved_months",
    "run_turn", "set_email", "set_password", "sheet", "status", "stored_sheets", "undo_turn", "undone_world", "Undone", "not_kept_world",
    "welcome_text", "without_password",
]

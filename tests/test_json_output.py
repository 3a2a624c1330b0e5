"""`--json` on `status`, `orders missing`, `press` and `audit` (issue 13): each prints one JSON
document, parsed here and checked against what the command's text shows."""

from __future__ import annotations

import json

import pytest
from sqlmodel import select

from engarde import store
from engarde.store import CharacterRow
from smtp_server import free_port
from test_mail_out import JACQUES, Campaign


@pytest.fixture
def camp(tmp_path):
    c = Campaign(tmp_path, free_port())  # no mail is sent here
    c.cli("orders", "ingest", code=1)  # the forged sheet and the one for no one are rejected
    return c


def test_status_json_says_what_the_text_says(camp):
    text = camp.cli("status")
    data = json.loads(camp.cli("status", "--json"))
    assert data["campaign"] == {"id": "mo", "name": "Mail Test", "newspaper": "La Gazette de Paris"}
    assert data["month"] == "April 1607" and data["key"] == "1607-04"
    assert f"Next month to resolve: {data['month']}" in text
    assert data["missing"] == [JACQUES]
    assert f"Orders missing from: {', '.join(data['missing'])}" in text
    assert data["deadline"] is None and data["next_deadline"] is None and "No deadline schedule set." in text
    assert data["holder"] is None and data["without_password"] == []


def test_orders_missing_json_lists_the_same_names(camp):
    text = camp.cli("orders", "missing")
    data = json.loads(camp.cli("orders", "missing", "--json"))
    assert data == {"month": "April 1607", "key": "1607-04", "missing": text.splitlines()}
    assert data["missing"] == [JACQUES]


def test_press_json_holds_each_letter_as_printed(camp):
    text = camp.cli("press")
    data = json.loads(camp.cli("press", "--json"))
    assert data["month"] == "April 1607" and data["letters"]
    for letter in data["letters"]:
        assert f"--- signed {letter['byline']}" in text
        assert letter["text"] in text
        assert set(letter) == {"byline", "author", "text"}
    assert text.count("--- signed ") == len(data["letters"])
    empty = json.loads(camp.cli("press", "May 1607", "--json"))
    assert empty["letters"] == [] and "No letters to the gazette for May 1607." in camp.cli("press", "May 1607")


def test_audit_json_counts_the_sheets_and_names_each_disagreement(camp):
    text = camp.cli("audit")
    data = json.loads(camp.cli("audit", "--json"))
    assert data == {"sheets": 8, "agree": True, "findings": []}
    assert f"All {data['sheets']} sheet(s) agree with their ledgers." in text
    with store.transaction(camp.camp.database) as s:  # a sheet changed behind the ledger's back
        row = s.exec(select(CharacterRow).where(CharacterRow.name == "Porthos")).one()
        row.current = {**row.current, "crowns": row.current["crowns"] + 7}
        s.add(row)
    text = camp.cli("audit", code=1)
    data = json.loads(camp.cli("audit", "--json", code=1))
    assert data["agree"] is False and len(data["findings"]) == 1
    f = data["findings"][0]
    assert f["character"] == "Porthos" and f["field"] == "crowns" and f["recorded"] == f["recomputed"] + 7
    assert f"Porthos: crowns is {f['recorded']!r} on the sheet but {f['recomputed']!r} from the ledger" in text


def test_status_json_gives_the_deadline_as_the_text_does(camp):
    from test_deadline import scheduled
    camp.config.write_text(scheduled(free_port()))
    text = camp.cli("status")
    data = json.loads(camp.cli("status", "--json"))
    assert data["deadline"] and f"Deadline for April 1607: {data['deadline_text']} (orders received later" in text
    assert data["next_deadline"] is None

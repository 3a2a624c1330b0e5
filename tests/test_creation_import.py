"""a. Characters: a character imported from a running campaign with the GM's records of him
(`engarde character create NAME --given ... --sp --regiment --rank --horses --club --mistress
--debt`): every value through the ledger ("imported: ..."), checked against the rules, and the
month that follows plays him as he stands."""

from __future__ import annotations

import json

from helpers import cli, refused, write_campaign

ABILITIES = ("--strength", "10", "--constitution", "12", "--expertise", "11", "--ma", "4")


def _campaign(tmp_path):
    config = write_campaign(tmp_path)
    run = cli(config)
    run("init")
    for name in ("Athos", "Porthos"):
        run("character", "create", name, "--given", "--sl", "9", "--crowns", "300", *ABILITIES)
    run("mistress", "add", "Roxanne", "--sl", "8")
    run("mistress", "add", "Ninon", "--sl", "10")
    return config, run


def _aramis(*values: str) -> tuple[str, ...]:
    return ("character", "create", "Aramis", "--given", "--crowns", "400", *ABILITIES, *values)


def test_an_imported_character_takes_every_value_through_the_ledger(tmp_path):
    """The GM imports Aramis as his records stand: SL 9 with 5 status points this month, a Captain of the
    Dragoon Guards ("Captains of any Regiment must buy one horse": he keeps it), a member of Hunter's ("SL
    of 9+"), Roxanne's lover, owing a moneylender 110 since February ("he must pay back the money plus 10%
    interest at the end of six months time") and Porthos 50.  Each value is a ledger entry whose reason
    begins "imported:"; the world agrees (Roxanne's lover, the loans, Porthos's loan made); the audit
    agrees; the month after makes his post on the roster; undoing that month keeps the import."""
    config, run = _campaign(tmp_path)
    run(*_aramis("--sl", "9", "--sp", "5", "--regiment", "dragoon guards", "--rank", "captain", "--club",
                 "Hunter's", "--mistress", "Roxanne", "--debt", "moneylender:110:1607-02", "--debt", "Porthos:50"))
    sheet = json.loads(run("sheet", "Aramis", "--json"))
    assert (sheet["status_points"], sheet["regiment"], sheet["rank"], sheet["club"], sheet["mistress"]) == (
        5, "Dragoon Guards", "Captain", "Hunter's", "Roxanne")
    assert sheet["counters"]["regiment.horses"] == 1
    imported = [e for e in sheet["ledger"] if e["reason"].startswith("imported:")]
    assert {e["field"] for e in imported} == {"status_points", "regiment", "rank", "regiment.horses", "club",
                                               "mistress", "debt.1", "debt.2"}
    assert all(e["month"] == "1607-04" for e in imported)
    porthos = json.loads(run("sheet", "Porthos", "--json"))
    assert [(x["number"], x["borrower"], x["amount"]) for x in porthos["lent"]] == [(2, "Aramis", 50)]
    assert [(e["field"], e["delta"]) for e in porthos["ledger"]] == [("lent.2", 50)]
    loans = run("loans")
    assert "moneylender" in loans and "110" in loans and "Porthos" in loans and "50" in loans
    assert "Aramis" in [m for m in json.loads(run("mistress", "list", "--json")) if m["name"] == "Roxanne"][0]["lover"]
    assert "agree with their ledgers" in run("audit")
    run("turn", "run", "--force")
    assert "Aramis" in run("regiment", "Dragoon Guards")
    assert "agree with their ledgers" in run("audit")
    run("turn", "undo")
    assert "agree with their ledgers" in run("audit")
    assert [e for e in json.loads(run("sheet", "Aramis", "--json"))["ledger"]
            if e["reason"].startswith("imported:")] == imported


def test_each_value_that_contradicts_the_rules_is_refused_and_nothing_is_stored(tmp_path):
    """Each refused with the rule it breaks, and no character made:
    a rank the regiment does not have (Regimental Table B lists Private to Colonel);
    "The candidate must meet all the minimum criteria for acceptance into the Regiment" (a Captain of the
    Dragoon Guards needs SL 7);
    "Majors and above in any Regiment must buy three horses";
    "Characters who meet the requirements of a club are automatically made members on applying" (Bothwell's:
    SL of 12+; the Horse Guards: an officer of the Horse Guards Brigade);
    "Characters are permitted to have only one mistress at a time" (and she, one lover: Ninon is Athos's);
    "When borrowing from a Shylock, the maximum amount that any character can borrow is 100 times his Social
    Level"; a loan from no one."""
    config, run = _campaign(tmp_path)
    run("character", "create", "Cyrano", "--given", "--sl", "9", "--crowns", "100", *ABILITIES, "--mistress", "Ninon")
    cases = {
        ("--sl", "9", "--regiment", "Dragoon Guards", "--rank", "General"): "has no rank 'General'",
        ("--sl", "6", "--regiment", "Dragoon Guards", "--rank", "Captain"): "needs Social Level 7",
        ("--sl", "9", "--regiment", "Dragoon Guards"): "--regiment and --rank go together",
        ("--sl", "9", "--regiment", "The Blues", "--rank", "Captain"): "no regiment called 'The Blues'",
        ("--sl", "9", "--regiment", "Dragoon Guards", "--rank", "Major", "--horses", "1"): "must keep 3 horses",
        ("--sl", "9", "--club", "Bothwell's"): "SL 9 is too low",
        ("--sl", "9", "--club", "Horse Guards"): "officer of the Horse Guards Brigade",
        ("--sl", "9", "--club", "White's"): "no club called",
        ("--sl", "9", "--mistress", "Ninon"): "Ninon is the mistress of Cyrano",
        ("--sl", "9", "--mistress", "Milady"): "no mistress 'Milady'",
        ("--sl", "3", "--debt", "moneylender:440"): "no more than 300 crowns at Social Level 3",
        ("--sl", "9", "--debt", "Rochefort:50"): "no character or moneylender called 'Rochefort'",
        ("--sl", "9", "--debt", "moneylender:110:1606-01"): "fell due at the end of July 1606",
        ("--sl", "9", "--debt", "lots"): "write LENDER:CROWNS[:MONTH]",
    }
    for values, said in cases.items():
        line = refused(config, *_aramis(*values))
        assert said in line, (values, line)
    assert "Aramis" not in run("character", "list")
    assert "agree with their ledgers" in run("audit")
    # the Horse Guards' own officers may: a Subaltern of a regiment of the Horse Guards Brigade
    run(*_aramis("--sl", "9", "--regiment", "Dragoon Guards", "--rank", "Subaltern", "--club", "Horse Guards"))
    assert json.loads(run("sheet", "Aramis", "--json"))["club"] == "The Horse Guards"
    assert "values were given" in refused(config, "character", "create", "Jean", "--sp", "3")

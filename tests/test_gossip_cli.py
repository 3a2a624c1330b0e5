"""The GM's command for secrets (``engarde secrets list/add/give``) and a month of gossip played
through the CLI with the sample sheets of tests/data/gossip: the gazette's column prints only what
was not hushed up, each report only what its man saw, and every sheet agrees with its ledger."""

from __future__ import annotations

import html as markup
import json
import re
import shlex
import shutil
from pathlib import Path

from helpers import cli, refused

DATA = Path(__file__).parent / "data" / "gossip"
CAMPAIGN = """\
[campaigns.test]
name = "Test"
first_month = "April 1607"
seed = "gossip"
database = "sqlite:///test.sqlite"
orders = "mail"
{extra}
"""


def campaign(tmp_path: Path, house_rules: str = 'house_rules = ["gossip"]'):
    config = tmp_path / "campaigns.toml"
    config.write_text(CAMPAIGN.format(extra=house_rules))
    run = cli(config)
    run.config = config
    run("init")
    for name, sl in (("Aramis", 9), ("Athos", 8), ("Porthos", 7)):
        run("character", "create", name, "--given", "--player", name, "--email", f"{name.lower()}@example.org",
            "--sl", str(sl), "--crowns", "200", "--allowance", "0", "--strength", "10", "--constitution", "10",
            "--expertise", "10", "--ma", "3", "--password", f"{name.lower()}-pw")
    return run


def put_into_play(run) -> None:
    for line in (DATA / "secrets.sh").read_text().splitlines():
        if line.startswith("engarde "):
            run(*shlex.split(line)[1:])


def listed(run, *args: str) -> list[dict]:
    return json.loads(run("secrets", "list", "--json", *args))


def test_the_gm_puts_secrets_into_play_and_lists_them_with_their_trail(tmp_path):
    """`engarde secrets add ABOUT AREA VALUE TEXT --to HOLDER` and `engarde secrets list`: every
    secret, where each copy is, and its trail back to the original card."""
    run = campaign(tmp_path)
    out = run("secrets", "add", "porthos", "Hearts", "4", "Porthos was seen at dawn", "--to", "aramis")
    assert out == "Secret 1 about porthos put into play: its card No. 1 (worth 4) held by Aramis.\n"
    run("secrets", "add", "Athos", "diamonds", "3", "Athos has pawned his plate", "--to", "gossip")
    everything = listed(run)
    assert [(s["id"], s["about"], s["area"], s["value"]) for s in everything] == [
        (1, "Porthos", "hearts", 4), (2, "Athos", "diamonds", 3)]
    assert [(c["id"], c["holder"], c["trail"], c["how"], c["month"]) for s in everything for c in s["copies"]] == [
        (1, "Aramis", [1], "put into play by the GM", "1607-04"),
        (2, "(gossip)", [2], "put into play by the GM", "1607-04")]
    assert [s["id"] for s in listed(run, "--character", "Aramis")] == [1]  # he holds it
    assert [s["id"] for s in listed(run, "--character", "Porthos")] == [1]  # it is about him
    text = run("secrets", "list")
    assert "Secret 2: Athos, diamonds, worth 3: Athos has pawned his plate (put into play by the GM, 1607-04)" in text
    assert "  No. 2: the gossip pile, worth 3, put into play by the GM (1607-04); trail No. 2" in text


def test_the_gm_gives_a_card_which_remembers_who_held_it(tmp_path):
    """`engarde secrets give COPY TO`: the card itself changes hands, keeping its value."""
    run = campaign(tmp_path)
    run("secrets", "add", "Porthos", "hearts", "4", "Porthos was seen at dawn", "--to", "Aramis")
    assert run("secrets", "give", "1", "Athos") == "No. 1 now held by Athos (from Aramis).\n"
    assert run("secrets", "give", "1", "safe") == "No. 1 now held by the safe pile (from Athos).\n"
    [copy] = listed(run)[0]["copies"]
    assert (copy["holder"], copy["given_by"], copy["value"], copy["how"]) == ("(safe)", "Athos", 4, "given by the GM")


def test_the_secrets_command_refuses_clearly(tmp_path):
    """One line each, and nothing written: no such man, no such card, a card already his, a secret
    without text; and a campaign that plays without secrets."""
    run = campaign(tmp_path)
    run("secrets", "add", "Porthos", "hearts", "4", "Porthos was seen at dawn", "--to", "Aramis")
    config = run.config
    assert refused(config, "secrets", "add", "Rochefort", "hearts", "4", "x", "--to", "Aramis") == (
        "engarde: 'Rochefort' is no character of test: a secret is about one of them")
    assert refused(config, "secrets", "add", "Porthos", "hearts", "4", "x", "--to", "the King") == (
        "engarde: 'the King' is no character of test and no pile (gossip, safe)")
    assert refused(config, "secrets", "add", "Porthos", "hearts", "4", "  ", "--to", "Aramis") == (
        "engarde: a secret needs its text, as the gazette would print it")
    assert refused(config, "secrets", "give", "9", "Athos") == (
        "engarde: no secret No. 9 is held by anyone (see 'engarde secrets list')")
    assert refused(config, "secrets", "give", "1", "Aramis") == "engarde: No. 1 is already held by Aramis"
    assert refused(config, "secrets", "list", "--character", "Rochefort") == (
        "engarde: 'Rochefort' is no character of test")
    assert len(listed(run)) == 1 and listed(run)[0]["copies"][0]["holder"] == "Aramis"
    assert "Examples:" in run("secrets", "add", "--help") and "Examples:" in run("secrets", "give", "--help")
    (tmp_path / "off").mkdir()
    off = campaign(tmp_path / "off", house_rules="")
    assert "the secrets house rule is not in use in this campaign" in refused(off.config, "secrets", "list")


def test_a_month_of_gossip_through_the_cli(tmp_path):
    """The sample sheets of tests/data/gossip: Aramis spreads a threat about Porthos (exposing him),
    Porthos orders a card spread that is no longer his; the month's pile is shuffled, a third
    hushed up and the rest printed in the gazette's gossip column; each report tells its man
    only his own part, and the audit agrees with every ledger."""
    run = campaign(tmp_path)
    put_into_play(run)
    shutil.copytree(DATA / "orders", tmp_path / "mail")
    assert "3 accepted" in run("orders", "ingest", code=1)
    confirmations = run("orders", "confirmations")
    assert "spread secret No. 1 into the gossip of Paris" in confirmations
    assert "spreading gossip takes no week" in confirmations  # Porthos's week 3
    run("turn", "run")
    assert "agree with their ledgers" in run("audit")
    secrets = {s["id"]: s for s in listed(run)}
    # the pile was Nos. 1 (spread), 2 (Porthos's, exposed), 3, 5, 6: five cards, one hushed up
    printed = {n for n, s in secrets.items() if s["revealed"]}
    hushed = {n for n, s in secrets.items() if not s["revealed"] and s["copies"][0]["holder"] == "(safe)"}
    assert (printed, hushed) == ({2, 3, 5, 6}, {1})  # the campaign's seed hushed up Aramis's threat
    assert secrets[4]["copies"][0]["holder"] == "Athos"  # held, never in the pile
    run("gazette", "--no-pdf")
    html = (tmp_path / "newsletters" / "test" / "1607-04.html").read_text()
    column = html[html.index('<section class="gossip">'):]
    column = markup.unescape(column[:column.index("</section>")])
    assert "5 tales" in column and "1 was hushed up" in column
    for n, s in secrets.items():
        assert (s["text"] in column) is (n in printed), s["text"]
    assert "exposed" not in html and "You spread" not in html and "no longer hold" not in html  # private
    assert "Gossip" in re.findall(r"<h2>(.*?)</h2>", html)
    # the threat he spread was hushed up: the column names no informer, and he is none
    assert "first told by" not in column and "informer" not in column
    reports = tmp_path / "newsletters" / "test" / "reports" / "1607-04"
    aramis, athos, porthos = ((reports / f"{n}.html").read_text() for n in ("aramis", "athos", "porthos"))
    assert "You spread secret No. 1 into the gossip of Paris" in aramis
    assert re.search(r"You were exposed by a threat about you spread in public: your secret No. 2 went into the "
                     r"gossip pile, costing you 1 status point", porthos)
    assert "You ordered secret No. 2 spread, but you no longer hold it" in porthos
    assert "You ordered secret No. 7 spread" in porthos
    assert "You spread" not in athos and "exposed" not in athos and "exposed" not in aramis
    assert "No. 4: Aramis' secret of clubs" in markup.unescape(athos)
    porthos_ledger = json.loads(run("sheet", "Porthos", "--json"))["ledger"]
    assert [(e["field"], e["delta"]) for e in porthos_ledger if e["rule"].startswith("Gossip")][:2] == [
        ("gossip.exposed.hearts", 1), ("status_points", -1)]


def test_a_raid_through_the_cli_with_the_campaigns_own_tables(tmp_path):
    """The same month with the campaign's tables: a threat from a card worth 2, a raid at 4 pieces,
    flight to the Frontier for any indictment.  Nos. 2 and 5 (now threats) are printed with the
    two tattles of the bawdyhouse (Nos. 3 and 6, about Athos and Aramis, of no club): 2 + 2 pieces,
    a raid; its patrons of the month are Aramis (SL 9) and Athos (SL 8), who visited it."""
    run = campaign(tmp_path, 'house_rules = ["gossip"]\n[campaigns.test.tables.gossip]\nthreat_value = 2\n'
                             'raid_at = 4\n[campaigns.test.rules]\nflight_to_frontier = "all"\n')
    put_into_play(run)
    shutil.copytree(DATA / "orders", tmp_path / "mail")
    run("orders", "ingest", code=1)
    run("turn", "run")
    assert "agree with their ledgers" in run("audit")
    run("gazette", "--no-pdf")
    html = markup.unescape((tmp_path / "newsletters" / "test" / "1607-04.html").read_text())
    column = re.sub(r"<[^>]+>", "", html[html.index('<section class="gossip">'):])
    column = " ".join(column[:column.index("Points Arising") if "Points Arising" in column else None].split())
    assert "2 more pieces of evidence against the bawdyhouse, which has 2 in all." in column
    assert "2 more pieces of evidence against the bawdyhouse, which has 4 in all." in column
    assert "on 4 pieces of evidence" in column
    assert "Aramis received a major indictment in the raid on the bawdyhouse, fined 100 crowns, and has fled to " \
           "the Frontier Regiment." in column
    assert "Athos received a minor indictment in the raid on the bawdyhouse, fined 25 crowns, and has fled to " \
           "the Frontier Regiment." in column
    sheet = json.loads(run("sheet", "Aramis", "--json"))
    assert [(e["field"], e["delta"], e["value"]) for e in sheet["ledger"] if e["rule"].startswith("Gossip")] == [
        ("gossip.indictments.major", 1, None), ("crowns", -100, None), ("status_points", -10, None),
        ("regiment", None, "Frontier Regiment"), ("rank", None, "Private")]
    report = markup.unescape((tmp_path / "newsletters" / "test" / "reports" / "1607-04" / "athos.html").read_text())
    assert ("You received a minor indictment in the raid on the bawdyhouse: fined 25 crowns (of 25 crowns), 3 status "
            "points lost, and you fled to the Frontier Regiment as a Private.") in " ".join(report.split())
